// tfmc entry point: hands the command line to the app layer (tools/app/cli.h).
#include <iostream>
#include <string>
#include <vector>

#include "tools/app/cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return tfmc::app::run_tfmc(std::vector<std::string>(argv, argv + argc), std::cout, std::cerr);
}
