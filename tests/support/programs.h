// Small .tfg programs that several tests share, so that each is written once.
#pragma once

#include <string>

namespace tfmc::test {

// One read-add-write increment of `x` that outputs what it read: K concurrent copies of it
// lose updates, and the copies are interchangeable.
inline constexpr const char* kIncrementProgram =
    "var x = i32{0}\n"
    "one = Const {value=i32{1}}\n"
    "r = Read(&x)\n"
    "s = Add(r, one)\n"
    "w = Write(&x, s)\n"
    "output r\n";

// lost_update N as tools/tfmc_gen_bench writes it: N towers of x = x + 1 without atomicity,
// tower i (from 1) of nodes r<i> = Read(&x), c<i> = Const 1, a<i> = Add, w<i> = Write(&x, a<i>).
inline std::string lost_update_program(int towers) {
  std::string text = "var x = i32{0}\n";
  for (int i = 1; i <= towers; ++i) {
    const std::string n = std::to_string(i);
    text += "r" + n + " = Read(&x)\nc" + n + " = Const {value=i32{1}}\na" + n + " = Add(r" + n +
            ", c" + n + ")\nw" + n + " = Write(&x, a" + n + ")\n";
  }
  return text;
}

}  // namespace tfmc::test
