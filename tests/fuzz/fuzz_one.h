// One fuzzing step, shared by the libFuzzer target (tfg_fuzz.cpp) and the Catch2 replay and
// mutation tests: arbitrary bytes go through the graph-file reader and importer, the whole
// .tfg front end and, when they form a small valid program, a bounded exploration.
//
// fuzz_one returns an empty string when every property held, else the first one violated:
//   - the same bytes read as a TensorFlow graph file (semantics/graphdef/graphdef_reader.h)
//     give a graph or an InputError that names the file (and, for text, a line of it); a graph
//     imported whole (graphdef_import.h) gives located diagnostics or a program that meets
//     the invariants below and explores as below;
//   - parse_tfg reports errors as diagnostics and never throws; rendering them never throws;
//   - every diagnostic of parse_tfg and build_program is located inside the text (an existing
//     line, a column at most one past its end);
//   - the printer round trip: parse_tfg(print_tfg(ast)) has no error and the same Ast
//     (skipped when the literals hold more than kMaxPrintedElements elements in all);
//   - a program that builds without diagnostics meets program.h's invariants (every node has
//     an incoming edge, every output port exactly one outgoing edge, each edge is consumed
//     by the node it names once, Read/Assign name a declared variable);
//   - exploring it (at most kMaxExploredNodes nodes, kMaxStates states) gives only outcomes
//     that are not stuck unless the program has a queue or mutex (nothing else blocks),
//     whose values all print.
// Anything else (a crash, a sanitizer report, an exception, an abort) is a bug found.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tfmc::test {

inline constexpr std::int64_t kMaxPrintedElements = 4096;
inline constexpr std::size_t kMaxExploredNodes = 32;
inline constexpr std::uint64_t kMaxStates = 64;

std::string fuzz_one(std::string_view bytes);

}  // namespace tfmc::test
