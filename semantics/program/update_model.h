// The two models of resource updates in the TensorFlow resource-variable RFC (seeds/004,
// "Resource Update Operations").
//
//   executor  (the default) what the graph executor implements and the MAPL paper's Assign-f:
//             every update (AssignAdd, AssignSub, Assign {f=F}, ApplyGradientDescent, the
//             optimizers' Updates) is one atomic step, x := f(x, v...). Two concurrent increments
//             of 0 always give 2.
//   rfc       the RFC's weaker model: an update is "a read, compute, write sequence which does
//             not execute atomically as a unit", so two concurrent increments of 0 give 1 or 2.
//
// split_updates(p) gives the rfc program: every Assign node `a` on variable x whose f is not
// Snd (Write, and Assign {f=Snd}, are blind writes and stay as they are) becomes
//   a~read    Read(x), taking a's variable edge and a's incoming control edges (a's `after`);
//   a~update  a's own f applied to (a~read, a's tensor arguments...), on a's tensor edges;
//   a         Write(x, a~update), on the variable edge of a new implicit Var node `&x@a`; its
//             outgoing control edges stay, so `after a` still waits for the write.
// An Update node `a` on k variables x0 ... becomes k reads `a~readJ` (`a~read` when k is 1),
// the first taking a's incoming control edges and the others waiting for it; `a~update`, a's
// f on the reads and a's tensors, with k outputs; and k Writes: `a~writeJ` of xJ, and a itself
// of x0 after them (so what waits for a, or a target a, has the whole update), each on a new
// implicit Var node.
// When a's variable edge came from its own implicit Var node `&x@a`, that node feeds a~read
// and is renamed `&x@a~read`: the names are those the builder gives to
// `a~read = Read(&x) after ...` and `a = Write(&x, a~update)`. The compute step applies the
// update's own f, so values, terms and errors are the executor's: ApplyGradientDescent's
// compute is one node, Sub(x, Mul(alpha, delta)) (its Mul touches no variable, so a separate
// node would only add interleavings). The new nodes are implicit and share a's section and
// execution. Node indices of the original nodes do not change (targets stay valid); new nodes
// and edges are appended.
//
// The one difference besides atomicity, in an error corner case: an f that fails on valid
// inputs (AssignAdd of f32[2] to f32[3]: Error(shape)) stores its error in the variable under
// executor (FORMAT.md, "How functions and assignments compute"), while under rfc the compute step
// yields the error and the Write of an error leaves the variable unchanged.
#pragma once

#include <cstdint>

#include "semantics/program/program.h"

namespace tfmc::sem {

enum class UpdateModel : std::uint8_t { Executor, Rfc };

// "executor" or "rfc": the model's name.
const char* update_model_name(UpdateModel model);

Program split_updates(const Program& program);

}  // namespace tfmc::sem
