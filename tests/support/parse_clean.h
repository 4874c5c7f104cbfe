// Test helper: parses .tfg text that must have no syntax error (a test failure otherwise).
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "semantics/language/parser.h"

namespace tfmc::test {

inline sem::Ast parse_clean(const std::string& text) {
  sem::DiagnosticList diags("t.tfg", text);
  sem::Ast ast = sem::parse_tfg(text, diags);
  INFO(text << diags.render());
  REQUIRE(diags.empty());
  return ast;
}

}  // namespace tfmc::test
