// The execution frames of a .tfg file's loops (FORMAT.md, "Control flow: conditionals and loops"),
// found as TensorFlow's executor finds them: a node is in the frame of the values it takes, an
// Enter passes its value into the child frame named by its `frame_name` (one frame per name and
// parent frame), an Exit passes its value back to the parent frame, and every other node
// keeps the frame. A node that takes no value of another node (nor a control edge) is in the
// root frame. A NextIteration's value (the loop's back edge) goes to a Merge of its own frame.
// A Var node's handle is a constant that any frame may take (as `&x`).
//
// Errors, each at the node concerned: a node that takes values from two frames, an Exit or a
// NextIteration outside every loop frame, a NextIteration or a non-constant Enter whose value
// goes to another node than a Merge, an output inside a loop frame, and bad Enter attributes
// (reported by node_shapes.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/build/names.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

struct LoopFrame {
  std::string name;                       // the Enters' frame_name; empty for the root frame
  std::int32_t parent = -1;               // -1 for the root frame (frame 0)
  std::uint32_t depth = 0;                // 0 for the root frame
  std::uint32_t parallel_iterations = 0;  // of its first Enter; 0 for the root frame
  SourceLoc loc;                          // of its first Enter
};

// What a node statement is to the loops.
enum class LoopRole : std::uint8_t { Plain, Enter, ConstantEnter, Exit, NextIteration, Merge };

struct LoopFrames {
  std::vector<LoopFrame> frames;  // frames[0] is the root frame; a parent comes before a child
  std::vector<std::uint32_t> frame_of;  // per node statement
  std::vector<std::uint32_t> entered;   // per node statement: an Enter's child frame, else 0
  std::vector<LoopRole> role;           // per node statement

  bool has_loops() const { return frames.size() > 1; }
};

// Whether any statement is an Enter, Exit or NextIteration (so that frames must be found).
bool uses_frames(const Ast& ast);

// The frames of `ast`, whose names resolve and which has no cycle except through
// NextIteration; errors go to `diags`.
LoopFrames find_loop_frames(const Ast& ast, const Names& names, DiagnosticList& diags);

}  // namespace tfmc::sem
