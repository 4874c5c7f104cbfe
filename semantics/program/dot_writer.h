// Graphviz rendering of a Program with the MAPL paper's edge styles: tensor edges solid,
// variable edges dashed, control edges dotted. Input edges start at a small point labelled
// with the input's name or initial value; output edges end at a point labelled with the
// output's name. Implicit nodes (Var for &X, Copy) are drawn grey.
#pragma once

#include <string>

#include "semantics/program/program.h"

namespace tfmc::sem {

std::string write_dot(const Program& program, const ValueStore& values);

}  // namespace tfmc::sem
