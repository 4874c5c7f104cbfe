// Test helpers for files: reading a file whole, writing a scratch file, and naming a file of
// the source tree.
#pragma once

#include <filesystem>
#include <string>

namespace tfmc::test {

// The bytes of the file at `path`. Throws std::runtime_error when it cannot be read.
std::string read_file(const std::filesystem::path& path);

// Writes `text` to the file `name` in a directory of this test process's own (under the
// system's temporary directory, named after the process id, so that tests running at the same
// time never share a file) and returns its path.
std::string write_test_file(const std::string& name, const std::string& text);

// The path of `relative` (say "specs/paper/figure1.tfg") in the source tree.
std::string source_path(const std::string& relative);

}  // namespace tfmc::test
