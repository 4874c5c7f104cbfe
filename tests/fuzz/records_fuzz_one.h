// One fuzzing step of the reader of the state records that ranks send each other
// (semantics/model/graph_state_codec.h), shared by the libFuzzer target (records_fuzz.cpp)
// and the Catch2 mutation test (records_mutation_test.cpp).
//
// read_records_once reads `bytes` as a stream of records on one channel of a fresh codec for
// a fixed program (a variable, a queue, tensors, a symbol fed in, a critical section), record
// after record until the end or a ValueExchangeError, which is the right answer to bytes that
// do not hold well-formed records. It returns an empty string when every property held, else
// the first one violated:
//   - each record read ends after it begins and at or before the end of the bytes;
//   - every value slot of a state read holds an id of the reader's store (a sentinel or a
//     value it holds), and that value prints.
// Anything else (a crash, a sanitizer report, another exception) is a bug found.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tfmc::test {

std::string read_records_once(std::string_view bytes);

// Well-formed records for read_records_once: the states of a random run of its program
// (`seed` picks the run), back to back.
std::vector<unsigned char> valid_records(std::uint32_t seed);

}  // namespace tfmc::test
