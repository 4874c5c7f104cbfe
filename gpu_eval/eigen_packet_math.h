// One lane of the float functions (and of pexp for doubles) that TensorFlow 2.21's CPU kernels
// evaluate with Eigen's packet math (AVX, 8 floats a packet; TensorFlow's build leaves FMA off, so
// Eigen's multiply-adds round the product and the sum). Each function computes what Eigen's
// vectorized algorithm gives for one element, operation for operation: the same constants
// and the same roundings, so an element that TensorFlow computes in a whole packet gets
// TensorFlow's bits. Called under the CPU
// evaluator's flush-to-zero/denormals-are-zero mode (flush_denormals.h), as TensorFlow's
// kernels run; a NaN argument gives NaN.
#pragma once

namespace tfmc::eval::eigen {

// e^x as Eigen's pexp_float: x = m ln 2 + r, a degree-6 polynomial for e^r, scaled by 2^m.
float exp_packet(float x);

// e^x as Eigen's pexp_double (4 doubles a packet): x = m ln 2 + r, Cephes' rational function
// for e^r, scaled by 2^m.
double exp_packet_double(double x);

// ln x as Eigen's plog_float: frexp, a rational approximation of ln(1 + f), plus e ln 2;
// -inf for +-0, NaN below 0.
float log_packet(float x);

// tanh x as Eigen's ptanh_float, a [9/8] rational function of x clamped to +-7.9074 (its
// clamp without FMA); Eigen takes it for whole packets and for the rest.
float tanh_rational(float x);

// 1 / (1 + e^-x) as Eigen's scalar_logistic_op<float> computes a packet: e^(x/2) by a
// degree-5 polynomial, squared, then e / (1 + e); 0 below -104.
float logistic_packet(float x);

// The same as its scalar path computes the elements past the last whole packet:
// e = std::exp(min(x, 16.6355324)), then e / (1 + e).
float logistic_scalar(float x);

}  // namespace tfmc::eval::eigen
