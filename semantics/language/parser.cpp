#include "semantics/language/parser.h"

#include <fmt/format.h>

#include <charconv>
#include <limits>
#include <tuple>
#include <utility>

#include "semantics/values/tensor_text.h"

namespace tfmc::sem {

std::string Ref::text() const {
  if (!written.empty()) return written;
  if (variable) return fmt::format("&{}", name);
  return has_port ? fmt::format("{}:{}", name, port) : name;
}

namespace {

bool is_name_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool is_name_char(char c) {
  return is_name_start(c) || (c >= '0' && c <= '9') || c == '.' || c == '/' || c == '-';
}

// A syntax error at a column of the current line; unwinds the statement being parsed.
struct SyntaxError {
  int column;
  std::string message;
};

// Reads one line (comment already stripped) left to right.
class LineCursor {
 public:
  LineCursor(std::string_view text, int line) : text_(text), line_(line) {}

  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\r' ||
            text_[pos_] == '\f' || text_[pos_] == '\v')) {
      ++pos_;
    }
  }
  bool at_end() {
    skip_space();
    return pos_ >= text_.size();
  }
  // The position of the next token (spaces skipped), for locating what follows.
  SourceLoc loc() {
    skip_space();
    return {line_, static_cast<int>(pos_) + 1};
  }
  int column() const { return static_cast<int>(pos_) + 1; }
  std::size_t offset() const { return pos_; }
  std::string_view slice(std::size_t start, std::size_t end) const {
    return text_.substr(start, end - start);
  }

  [[noreturn]] void fail(std::string message) {
    skip_space();
    throw SyntaxError{column(), message};
  }

  // What is at the cursor, for messages: the next character or "end of line".
  std::string describe_next() {
    if (at_end()) return "end of line";
    const unsigned char c = static_cast<unsigned char>(text_[pos_]);
    if (c < 0x20 || c >= 0x7f) return fmt::format("byte 0x{:02x}", c);
    return fmt::format("'{}'", static_cast<char>(c));
  }

  bool peek(char c) {
    skip_space();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool accept(char c) {
    if (!peek(c)) return false;
    ++pos_;
    return true;
  }
  bool accept(std::string_view s) {
    skip_space();
    if (text_.substr(pos_, s.size()) != s) return false;
    pos_ += s.size();
    return true;
  }
  void expect(char c, std::string_view what) {
    if (!accept(c)) fail(fmt::format("expected {} but found {}", what, describe_next()));
  }

  bool peek_name() {
    skip_space();
    return pos_ < text_.size() && is_name_start(text_[pos_]);
  }
  std::string name(std::string_view what) {
    if (!peek_name()) fail(fmt::format("expected {} but found {}", what, describe_next()));
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }
  // The next word if it is exactly `word` (a name that is not followed by more name chars).
  bool accept_word(std::string_view word) {
    skip_space();
    const std::size_t save = pos_;
    if (!peek_name()) return false;
    const std::string got = name("a name");
    if (got == word) return true;
    pos_ = save;
    return false;
  }

  std::int64_t integer(std::string_view what) {
    skip_space();
    const std::size_t start = pos_;
    if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) ++pos_;
    const std::size_t digits = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    if (pos_ == digits) {
      pos_ = start;
      fail(fmt::format("expected {} but found {}", what, describe_next()));
    }
    std::int64_t value = 0;
    const char* first = text_.data() + start + (text_[start] == '+' ? 1 : 0);
    const auto [ptr, ec] = std::from_chars(first, text_.data() + pos_, value);
    if (ec != std::errc() || ptr != text_.data() + pos_) {
      const std::string_view written = text_.substr(start, pos_ - start);
      pos_ = start;
      fail(fmt::format("integer {} is out of range", written));
    }
    return value;
  }

  bool peek_literal() {
    skip_space();
    return looks_like_tensor_literal(text_.substr(pos_));
  }
  eval::Tensor literal() {
    skip_space();
    LiteralParse p = parse_tensor_literal(text_.substr(pos_));
    if (!p.tensor) {
      pos_ += p.error_offset;
      fail(p.error);
    }
    pos_ += p.consumed;
    return std::move(*p.tensor);
  }

 private:
  std::string_view text_;
  int line_;
  std::size_t pos_ = 0;
};

InitValue init_value(LineCursor& c) {
  InitValue v;
  v.loc = c.loc();
  if (c.peek_literal()) {
    v.literal = c.literal();
  } else {
    v.symbol = c.name("a tensor literal or a symbol name");
  }
  return v;
}

Ref ref(LineCursor& c, bool allow_variable) {
  Ref r;
  r.loc = c.loc();
  const std::size_t start = r.loc.column - 1;
  if (allow_variable && c.accept('&')) {
    r.variable = true;
    r.name = c.name("a variable name after '&'");
    r.written = c.slice(start, c.offset());
    return r;
  }
  r.name = c.name("a node or input name");
  std::size_t end = c.offset();  // before the spaces that accept(':') skips
  if (c.accept(':')) {
    const SourceLoc port_loc = c.loc();
    const std::int64_t port = c.integer("an output index after ':'");
    if (port < 0 || port > std::numeric_limits<int>::max()) {
      throw SyntaxError{port_loc.column, fmt::format("output index {} is out of range", port)};
    }
    r.port = static_cast<int>(port);
    r.has_port = true;
    end = c.offset();
  }
  r.written = c.slice(start, end);
  return r;
}

AttrValue attr_value(LineCursor& c) {
  AttrValue v;
  v.loc = c.loc();
  if (c.accept('[')) {
    v.kind = AttrValue::Kind::List;
    if (!c.accept(']')) {
      do {
        v.list.push_back(c.integer("an integer in the list"));
      } while (c.accept(','));
      c.expect(']', "',' or ']'");
    }
  } else if (c.peek_literal()) {
    v.kind = AttrValue::Kind::Literal;
    v.literal = c.literal();
  } else if (c.peek_name()) {
    v.kind = AttrValue::Kind::Name;
    v.name = c.name("a name");
  } else {
    v.kind = AttrValue::Kind::Integer;
    v.integer = c.integer("an attribute value (a literal, an integer, a name or a list)");
  }
  return v;
}

std::vector<Attr> attrs(LineCursor& c) {
  std::vector<Attr> out;
  c.expect('{', "'{'");
  if (c.accept('}')) return out;
  do {
    Attr a;
    a.loc = c.loc();
    a.key = c.name("an attribute name");
    c.expect('=', "'=' after the attribute name");
    a.value = attr_value(c);
    out.push_back(std::move(a));
  } while (c.accept(','));
  c.expect('}', "',' or '}'");
  return out;
}

// `N1, N2, ...`: one name at least.
std::vector<Ref> name_list(LineCursor& c, const char* what) {
  std::vector<Ref> out;
  do {
    Ref r;
    r.loc = c.loc();
    r.name = c.name(what);
    out.push_back(std::move(r));
  } while (c.accept(','));
  return out;
}

void node_statement(LineCursor& c, std::string name, SourceLoc loc, Ast& ast) {
  NodeStmt n;
  n.name = std::move(name);
  n.loc = loc;
  n.op_loc = c.loc();
  n.op = c.name("an operation name");
  if (c.accept('(')) {
    if (!c.accept(')')) {
      do {
        n.args.push_back(ref(c, true));
      } while (c.accept(','));
      c.expect(')', "',' or ')'");
    }
  }
  if (c.peek('{')) n.attrs = attrs(c);
  if (c.accept_word("after")) n.after = name_list(c, "a node name after 'after'");
  ast.nodes.push_back(std::move(n));
}

// The name a declaration statement declares (`what` says which, as "a queue name") and where it
// is, noted in `declared` before the rest of the statement is read.
std::pair<std::string, SourceLoc> declare(LineCursor& c, const char* what, BrokenDecl::Space space,
                                          std::optional<BrokenDecl>& declared) {
  const SourceLoc loc = c.loc();
  std::string name = c.name(what);
  declared = BrokenDecl{name, space};
  return {std::move(name), loc};
}

// Parses one statement into `ast`. `declared` is set as soon as the statement's declared name
// is known, so that a statement failing later still declares it (ast.h BrokenDecl).
void statement(LineCursor& c, Ast& ast, std::optional<BrokenDecl>& declared) {
  const SourceLoc first_loc = c.loc();
  const std::string first = c.name("a statement");
  if (c.accept('=')) {
    declared = BrokenDecl{first, BrokenDecl::Space::Names};
    node_statement(c, first, first_loc, ast);
  } else if (first == "fn") {
    FnDecl f;
    std::tie(f.name, f.loc) = declare(c, "a function name", BrokenDecl::Space::Names, declared);
    c.expect(':', "':' after the function name");
    const SourceLoc in_loc = c.loc();
    const std::int64_t in = c.integer("the number of inputs");
    if (!c.accept("->")) c.fail(fmt::format("expected '->' but found {}", c.describe_next()));
    const SourceLoc out_loc = c.loc();
    const std::int64_t out = c.integer("the number of outputs");
    constexpr std::int64_t kMaxArity = 1024;
    if (in < 0 || in > kMaxArity) {
      throw SyntaxError{in_loc.column, fmt::format("input count must be in [0, {}]", kMaxArity)};
    }
    if (out < 0 || out > kMaxArity) {
      throw SyntaxError{out_loc.column, fmt::format("output count must be in [0, {}]", kMaxArity)};
    }
    f.inputs = static_cast<int>(in);
    f.outputs = static_cast<int>(out);
    ast.fns.push_back(std::move(f));
  } else if (first == "var" || first == "input") {
    auto [name, loc] =
        declare(c, first == "var" ? "a variable name" : "an input name",
                first == "var" ? BrokenDecl::Space::Resources : BrokenDecl::Space::Names, declared);
    std::optional<InitValue> init;
    if (c.accept('=')) init = init_value(c);
    if (first == "var") {
      ast.vars.push_back({std::move(name), std::move(init), loc});
    } else {
      ast.inputs.push_back({std::move(name), std::move(init), loc});
    }
  } else if (first == "queue" || first == "mutex") {
    ResourceDecl r;
    r.kind = first == "queue" ? ResourceDecl::Kind::Queue : ResourceDecl::Kind::Mutex;
    std::tie(r.name, r.loc) = declare(c, first == "queue" ? "a queue name" : "a mutex name",
                                      BrokenDecl::Space::Resources, declared);
    if (c.peek('{')) r.attrs = attrs(c);
    ast.resources.push_back(std::move(r));
  } else if (first == "section") {
    SectionDecl d;
    std::tie(d.name, d.loc) = declare(c, "a section name", BrokenDecl::Space::Sections, declared);
    c.expect(':', "':' after the section name");
    d.nodes = name_list(c, "a node name in the section");
    ast.sections.push_back(std::move(d));
  } else if (first == "target") {
    TargetStmt t;
    t.loc = first_loc;
    t.nodes = name_list(c, "a node name after 'target'");
    ast.targets.push_back(std::move(t));
  } else if (first == "output") {
    OutputStmt o;
    o.loc = first_loc;
    o.ref = ref(c, true);
    if (c.accept_word("as")) o.as = c.name("an output name after 'as'");
    ast.outputs.push_back(std::move(o));
  } else {
    throw SyntaxError{first_loc.column,
                      fmt::format("unknown statement '{}': expected fn, var, input, queue, "
                                  "mutex, section, target, output or NAME = OP(...)",
                                  first)};
  }
  if (!c.at_end()) c.fail(fmt::format("unexpected {} after the statement", c.describe_next()));
}

}  // namespace

Ast parse_tfg(std::string_view source, DiagnosticList& diags) {
  Ast ast;
  int line_no = 0;
  std::size_t start = 0;
  while (start < source.size()) {
    std::size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    std::string_view line = source.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) {
      line = line.substr(0, hash);
    }
    LineCursor c(line, line_no);
    if (c.at_end()) continue;
    std::optional<BrokenDecl> declared;
    try {
      statement(c, ast, declared);
    } catch (const SyntaxError& e) {
      diags.error({line_no, e.column}, e.message);
      if (declared) ast.broken.push_back(std::move(*declared));
    }
  }
  return ast;
}

std::optional<InitValue> parse_init_value(std::string_view text, std::string& error) {
  LineCursor c(text, 0);
  try {
    InitValue v = init_value(c);
    if (!c.at_end()) c.fail(fmt::format("unexpected {} after the value", c.describe_next()));
    return v;
  } catch (const SyntaxError& e) {
    error = fmt::format("column {}: {}", e.column, e.message);
    return std::nullopt;
  }
}

}  // namespace tfmc::sem
