// The Catch2 entry point of the tfmc test binary.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
