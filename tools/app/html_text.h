// Text from the program (node, variable and file names, values) as HTML writes it, for the
// HTML report (html_report.h), its witness steps (html_steps.h) and the SVG picture inside it
// (graphviz_svg.h).
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "semantics/values/shared_terms.h"

namespace tfmc::app {

// `text` with &, <, >, " and ' written as character references: safe as an element's text
// and as a quoted attribute's value, in HTML and in SVG.
std::string escaped(std::string_view text);

// A printed value, escaped, each name of a long term's part (`%12`) a link to its definition
// `#{prefix}t12`.
std::string linked(std::string_view text, const std::string& prefix);

// Definitions of names (FORMAT.md, "Long terms") as a list whose entries are the anchors the
// names link to; nothing when there are none.
void write_definitions(std::ostream& out, const std::vector<sem::TermDefinition>& terms,
                       const std::string& prefix);

}  // namespace tfmc::app
