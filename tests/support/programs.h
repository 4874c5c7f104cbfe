// Small .tfg programs that several tests share, so that each is written once.
#pragma once

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

}  // namespace tfmc::test
