// The text report's long outcome lists (FORMAT.md, "The command line", long outcome lists, and
// "The report" of compare): past 20 outcomes the first 5 in full, then each output's and
// variable's values with how many outcomes hold each, the most frequent first and at most 10,
// and the races whose order in the witnesses splits them; `--outcomes all` restores the whole
// list; JSON keeps every outcome. The programs race independent Writes and Reads, so their
// outcomes are every combination of the reads' values, counted by hand below.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <regex>
#include <string>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::tfmc_run;

// `one = Const`, then per name a `var`, a Write of one to it and a Read of it, racing: each
// read is 0 or 1, independently, so 2^n outcomes.
std::string write_read_races(const std::string& names) {
  std::string text = "# independent write-read races\none = Const {value=i32{1}}\n";
  for (char v : names) {
    const std::string n(1, v);
    text += "var " + n + " = i32{0}\nw" + n + " = Write(&" + n + ", one)\nr" + n + " = Read(&" + n +
            ")\noutput r" + n + "\n";
  }
  return text;
}

// The report with the file's path as FILE and the exploration's time as T.
std::string normalized(std::string text, const std::string& file) {
  for (std::size_t at; (at = text.find(file)) != std::string::npos;)
    text.replace(at, file.size(), "FILE");
  return std::regex_replace(text, std::regex("in [0-9.]+ s\n"), "in T s\n",
                            std::regex_constants::format_first_only);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The five races' outcome `number`, whose reads ra to re are the bits of `reads`, ra the
// highest: each read's value follows the order of its own Write and Read in the witness (Read
// first: 0); every variable ends 1.
std::string five_races_outcome(int number, unsigned reads) {
  std::string out = fmt::format("\noutcome {} of 32:\n", number);
  std::string order;
  for (int k = 0; k < 5; ++k) {
    const char v = "abcde"[k];
    const bool one = ((reads >> (4 - k)) & 1) != 0;
    out += fmt::format("  output r{} = i32{{{}}}\n", v, one ? 1 : 0);
    order += one ? fmt::format(" w{0} r{0}", v) : fmt::format(" r{0} w{0}", v);
  }
  for (const char v : std::string("abcde")) out += fmt::format("  variable {} = i32{{1}}\n", v);
  return out +
         "  witness: one &a@wa &a@ra &b@wb &b@rb &c@wc &c@rc &d@wd &d@rd &e@we &e@re one~copy1 "
         "one~copy2 one~copy3 one~copy4" +
         order + "\n";
}

// Five races: 32 outcomes, sorted by ra, rb, rc, rd, re (0 before 1), so the first five are
// 00000, 00001, 00010, 00011, 00100; each read is 0 in 16 of them, and its value follows the
// order of its own Write and Read in every witness.
std::string five_races_report() {
  std::string out =
      "tfmc check FILE\n"
      "verdict: nondeterministic: 32 outcomes\n"
      "explored: 63 states, 62 transitions, 32 final states (0 stuck) in T s\n"
      "reduction: stubborn (77 transitions fired eagerly between stored states)\n"
      "\n"
      "races: 5 (5 observable)\n";
  for (int k = 0; k < 5; ++k) {
    out += fmt::format("  observable: w{0} (FILE:{1}) and r{0} (FILE:{2}) on {0}: read-write\n",
                       "abcde"[k], 4 * k + 4, 4 * k + 5);
  }
  for (unsigned i = 0; i < 5; ++i) out += five_races_outcome(static_cast<int>(i) + 1, i);
  out += "\noutcomes 6 to 32 of 32 not listed (--outcomes all lists them); the values of all 32:\n";
  for (const char v : std::string("abcde")) {
    out += fmt::format(
        "  output r{0}: 2 values\n    i32{{0}} in 16 outcomes\n    i32{{1}} in 16 outcomes\n"
        "    split by the order in the witnesses of: w{0} and r{0} on {0}\n",
        v);
  }
  for (const char v : std::string("abcde")) {
    out += fmt::format("  variable {}: 1 value\n    i32{{1}} in 32 outcomes\n", v);
  }
  return out;
}

}  // namespace

TEST_CASE("a report of more than 20 outcomes lists 5, then summarizes the values of all",
          "[tools][outcome_summary]") {
  const std::string text = write_read_races("abcde");
  const std::string file = tfmc::test::write_test_file("five_races.tfg", text);
  const auto r = tfmc_run({"check", file, "--quiet"});
  CHECK(r.code == 1);
  CHECK(normalized(r.out, file) == five_races_report());
}

TEST_CASE("a list of at most 20 outcomes is printed whole", "[tools][outcome_summary]") {
  const std::string file = tfmc::test::write_test_file("four_races.tfg", write_read_races("abcd"));
  const auto r = tfmc_run({"check", file, "--quiet"});
  CHECK(r.code == 1);
  CHECK(count(r.out, "\noutcome ") == 16);
  CHECK(r.out.find("\noutcome 16 of 16:\n  output ra = i32{1}\n  output rb = i32{1}\n") !=
        std::string::npos);
  CHECK(r.out.find("not listed") == std::string::npos);
}

TEST_CASE("the option --outcomes all prints every outcome of a long list",
          "[tools][outcome_summary]") {
  const std::string file = tfmc::test::write_test_file("five_races.tfg", write_read_races("abcde"));
  const auto all = tfmc_run({"check", file, "--quiet", "--outcomes", "all"});
  CHECK(all.code == 1);
  CHECK(count(all.out, "\noutcome ") == 32);
  CHECK(all.out.find("not listed") == std::string::npos);
  // The same report up to the sixth outcome, which the summary leaves out.
  const std::string text = normalized(all.out, file);
  const std::string summary = five_races_report();
  CHECK(text.substr(0, text.find("\noutcome 6 of 32:")) ==
        summary.substr(0, summary.find("\noutcomes 6 to 32")));
  CHECK(text.find("\noutcome 32 of 32:\n  output ra = i32{1}\n  output rb = i32{1}\n  output rc = "
                  "i32{1}\n  output rd = i32{1}\n  output re = i32{1}\n") != std::string::npos);
  // JSON lists every outcome with or without the option.
  const auto json = tfmc_run({"check", file, "--quiet", "--json"});
  CHECK(tfmc::test::parse_json(json.out).at("outcomes").items.size() == 32);
}

TEST_CASE("the summary lists 10 values of a name, the most frequent first, and counts the rest",
          "[tools][outcome_summary]") {
  // Eleven Writes of 0 to 10 to x race: x ends as any of them, in 4 outcomes each (times the
  // two reads' 0 or 1): 44 outcomes; equal counts keep the order of the outcome list, by the
  // printed value (i32{10} sorts before i32{2}).
  std::string text = "var x = i32{0}\n";
  for (int k = 0; k <= 10; ++k) {
    text += fmt::format("c{0} = Const {{value=i32{{{0}}}}}\nw{0} = Write(&x, c{0})\n", k);
  }
  const std::string file =
      tfmc::test::write_test_file("eleven_writes.tfg", text + write_read_races("ab"));
  const auto r = tfmc_run({"check", file, "--quiet", "--no-race-classification"});
  CHECK(r.code == 1);
  CHECK(r.out.find("\noutcomes 6 to 44 of 44 not listed (--outcomes all lists them); the values "
                   "of all 44:\n  output ra: 2 values\n    i32{0} in 22 outcomes\n    i32{1} in 22 "
                   "outcomes\n    split by the order in the witnesses of: wa and ra on a\n") !=
        std::string::npos);
  CHECK(r.out.find("  variable x: 11 values\n    i32{0} in 4 outcomes\n    i32{10} in 4 outcomes\n"
                   "    i32{1} in 4 outcomes\n    i32{2} in 4 outcomes\n    i32{3} in 4 outcomes\n"
                   "    i32{4} in 4 outcomes\n    i32{5} in 4 outcomes\n    i32{6} in 4 outcomes\n"
                   "    i32{7} in 4 outcomes\n    i32{8} in 4 outcomes\n    1 more value in 4 "
                   "outcomes\n    split by the order in the witnesses of: ") != std::string::npos);
  CHECK(r.out.find("  variable a: 1 value\n    i32{1} in 44 outcomes\n  variable b: 1 value\n") !=
        std::string::npos);
}

TEST_CASE("compare summarizes a long list of added outcomes", "[tools][outcome_summary]") {
  // BEFORE orders every Read after its Write (one outcome: every read 1); AFTER drops the
  // orders and adds the 31 outcomes with some read 0.
  std::string ordered = write_read_races("abcde");
  for (std::size_t at; (at = ordered.find(")\noutput")) != std::string::npos;) {
    const char v = ordered[at - 1];
    ordered.replace(at, 1, std::string(") after w") + v);
  }
  const std::string before = tfmc::test::write_test_file("ordered.before.tfg", ordered);
  const std::string after =
      tfmc::test::write_test_file("ordered.after.tfg", write_read_races("abcde"));
  const auto r = tfmc_run({"compare", before, after, "--quiet"});
  CHECK(r.code == 1);
  CHECK(count(r.out, "\nadded outcome ") == 5);
  CHECK(r.out.find("\nadded outcomes 6 to 31 of 31 not listed (--outcomes all lists them); the "
                   "values of all 31:\n  output ra: 2 values\n    i32{0} in 16 outcomes\n    "
                   "i32{1} in 15 outcomes\n  output rb: 2 values\n") != std::string::npos);
  CHECK(r.out.find("split by") == std::string::npos);
  const auto all = tfmc_run({"compare", before, after, "--quiet", "--outcomes", "all"});
  CHECK(count(all.out, "\nadded outcome ") == 31);
}

TEST_CASE("the option --outcomes takes summary or all", "[tools][outcome_summary]") {
  const std::string file = tfmc::test::write_test_file("four_races.tfg", write_read_races("abcd"));
  const auto bad = tfmc_run({"check", file, "--outcomes", "some"});
  CHECK(bad.code == 2);
  CHECK(bad.out.empty());
  CHECK(tfmc_run({"check", file, "--quiet", "--outcomes", "summary"}).code == 1);
  CHECK(tfmc_run({"check", "--help"}).out.find("--outcomes") != std::string::npos);
  CHECK(tfmc_run({"compare", "--help"}).out.find("--outcomes") != std::string::npos);
}
