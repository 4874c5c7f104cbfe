#include "support/files.h"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tfmc::test {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string write_test_file(const std::string& name, const std::string& text) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tfmc_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

std::string source_path(const std::string& relative) {
  return std::string(TFMC_SOURCE_DIR) + "/" + relative;
}

}  // namespace tfmc::test
