#include "semantics/program/compose.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "semantics/errors/invariant.h"
#include "semantics/program/program_edit.h"
#include "semantics/program/program_walks.h"
#include "semantics/program/resource_access.h"

namespace tfmc::sem {
namespace {

// Where one program's resources, sections and functions went in the composed program.
struct Mapping {
  std::vector<std::uint32_t> variables;
  std::vector<std::uint32_t> queues;
  std::vector<std::uint32_t> mutexes;
  std::vector<std::int32_t> sections;
  std::vector<FunctionId> functions;

  std::uint32_t resource(ResourceKind kind, std::uint32_t index) const {
    switch (kind) {
      case ResourceKind::Variable:
        return variables.at(index);
      case ResourceKind::Queue:
        return queues.at(index);
      case ResourceKind::Mutex:
        return mutexes.at(index);
    }
    return 0;
  }
};

// A resource of the composed program as first declared, to compare later declarations with.
struct Declared {
  ResourceKind kind;
  std::uint32_t index;
  ValueId initial;         // variables
  std::uint32_t capacity;  // queues
  std::string place;       // FILE:LINE:COL of the first declaration
};

class Composer {
 public:
  explicit Composer(const ValueStore& values) : values_(values) {}

  // Adds the resources, sections and functions of `p` that are not there yet.
  Mapping share(const Program& p) {
    Mapping m;
    for (const Variable& v : p.variables) {
      m.variables.push_back(
          share_resource(p, {ResourceKind::Variable, 0, v.initial, 0, ""}, v.name, v.loc));
    }
    for (const Queue& q : p.queues) {
      m.queues.push_back(
          share_resource(p, {ResourceKind::Queue, 0, kEmpty, q.capacity, ""}, q.name, q.loc));
    }
    for (const Mutex& x : p.mutexes) {
      m.mutexes.push_back(
          share_resource(p, {ResourceKind::Mutex, 0, kEmpty, 0, ""}, x.name, x.loc));
    }
    for (const Section& s : p.sections) {
      const auto [it, added] =
          sections_.emplace(s.name, static_cast<std::int32_t>(out_.sections.size()));
      if (added) out_.sections.push_back(s);
      m.sections.push_back(it->second);
    }
    // A function's parts are added to a table before the function itself, so they have
    // smaller ids and are mapped by the time the function is.
    for (FunctionId id = 0; id < p.functions.size(); ++id) {
      Function f = p.functions.get(id);
      for (std::uint32_t& part : f.parts) {
        TFMC_CHECK(part < id, "a function's parts precede it in its table");
        part = m.functions[part];
      }
      m.functions.push_back(out_.functions.add(std::move(f)));
    }
    if (std::find(files_.begin(), files_.end(), p.file) == files_.end()) files_.push_back(p.file);
    return m;
  }

  // Appends a copy of `p` as one execution; its nodes' executions are shifted by `execution`
  // (a composed `p` keeps its own executions apart).
  void add_execution(const Program& p, const Mapping& m, const std::string& suffix,
                     std::uint32_t execution) {
    const auto node_base = static_cast<std::int32_t>(out_.nodes.size());
    const auto edge_base = static_cast<std::int32_t>(out_.edges.size());
    const auto shift = [](std::vector<std::int32_t>& ids, std::int32_t base) {
      for (std::int32_t& id : ids) id += base;
    };
    for (const Node& source : p.nodes) {
      Node n = source;
      n.name += suffix;
      n.execution += execution;
      if (names_resource(n.kind)) n.variable = m.resource(n.resource_kind, n.variable);
      for (std::uint32_t& v : n.variables) v = m.resource(n.resource_kind, v);
      // Function, Assign and Update nodes name a function of p's table; the other kinds hold an
      // unused id, which is mapped too when it is in range.
      if (n.function < m.functions.size()) n.function = m.functions[n.function];
      if (n.section != kNone) n.section = m.sections.at(n.section);
      shift(n.inputs, edge_base);
      shift(n.controls, edge_base);
      shift(n.outputs, edge_base);
      shift(n.control_outputs, edge_base);
      add_node(out_, std::move(n));
    }
    // The nodes' edge lists were shifted above, so the edges are appended as they are.
    for (const Edge& source : p.edges) {
      Edge e = source;
      if (e.src != kNone) e.src += node_base;
      if (e.dst != kNone) e.dst += node_base;
      if (!e.input_name.empty()) e.input_name += suffix;
      out_.edges.push_back(std::move(e));
    }
    for (const NamedOutput& o : p.outputs) {
      out_.outputs.push_back({o.name + suffix, o.edge + edge_base});
    }
    for (std::uint32_t t : p.targets) out_.targets.push_back(t + node_base);
    for (const LoopBound& b : p.bounds) {
      out_.bounds.push_back({b.edge + edge_base, b.node + suffix, b.frame, b.iterations});
    }
  }

  // Starts the next run: every node added from now on belongs to it. Its first execution is
  // `execution`; `barrier` names the node it waits on (unused for the first run).
  void start_run(std::string barrier, std::uint32_t execution) {
    run_begin_.push_back(out_.nodes.size());
    runs_.push_back({std::move(barrier), execution});
  }

  // Adds the barrier nodes between consecutive runs, then returns the composed program.
  Program finish() {
    run_begin_.push_back(out_.nodes.size());
    // Decided before any barrier edge exists, from the runs' own edges.
    std::vector<bool> sink(out_.nodes.size()), source(out_.nodes.size());
    for (std::uint32_t i = 0; i < out_.nodes.size(); ++i) {
      sink[i] = consumers(out_, i).empty();
      source[i] = producers(out_, i).empty();
    }
    // Runs without nodes (a program of inputs and outputs only) need no barrier.
    const bool has_nodes = !out_.nodes.empty();
    for (std::size_t run = 2; has_nodes && run <= runs_.size(); ++run) {
      Node barrier;
      barrier.name = runs_[run - 1].barrier;
      barrier.kind = NodeKind::Function;
      barrier.implicit = true;
      barrier.op = "NoOp";
      barrier.function = no_op();
      barrier.execution = runs_[run - 1].execution;
      const std::int32_t id = add_node(out_, std::move(barrier));
      for (std::size_t i = run_begin_[run - 2]; i < run_begin_[run - 1]; ++i) {
        if (sink[i]) add_control_edge(out_, static_cast<std::int32_t>(i), id);
      }
      for (std::size_t i = run_begin_[run - 1]; i < run_begin_[run]; ++i) {
        if (source[i]) add_control_edge(out_, id, static_cast<std::int32_t>(i));
      }
    }
    out_.file = fmt::format("{}", fmt::join(files_, ", "));
    return std::move(out_);
  }

 private:
  std::uint32_t share_resource(const Program& p, Declared d, const std::string& name,
                               SourceLoc loc) {
    const std::string place = fmt::format("{}:{}:{}", p.file, loc.line, loc.column);
    const auto it = resources_.find(name);
    if (it == resources_.end()) {
      d.place = place;
      d.index = add_resource(name, d, loc, p.file);
      resources_.emplace(name, d);
      return d.index;
    }
    const Declared& first = it->second;
    if (first.kind != d.kind || first.initial != d.initial || first.capacity != d.capacity) {
      throw InputError(fmt::format(
          "{}: error: '{}' is declared {} here but {} at {} (the executions share it by name)\n",
          place, name, describe(d), describe(first), first.place));
    }
    return first.index;
  }

  std::uint32_t add_resource(const std::string& name, const Declared& d, SourceLoc loc,
                             const std::string& file) {
    switch (d.kind) {
      case ResourceKind::Variable:
        out_.variables.push_back({name, d.initial, loc, file});
        return static_cast<std::uint32_t>(out_.variables.size() - 1);
      case ResourceKind::Queue:
        out_.queues.push_back({name, d.capacity, loc});
        return static_cast<std::uint32_t>(out_.queues.size() - 1);
      case ResourceKind::Mutex:
        out_.mutexes.push_back({name, loc});
        return static_cast<std::uint32_t>(out_.mutexes.size() - 1);
    }
    return 0;
  }

  std::string describe(const Declared& d) const {
    switch (d.kind) {
      case ResourceKind::Variable:
        return values_.get(d.initial).kind == ValueKind::Error
                   ? "as a variable without INIT"
                   : fmt::format("as a variable = {}", values_.print(d.initial));
      case ResourceKind::Queue:
        return fmt::format("as a queue of capacity {}", d.capacity);
      case ResourceKind::Mutex:
        return "as a mutex";
    }
    return "";
  }

  // The barrier's function: no inputs, no outputs, nothing to compute.
  FunctionId no_op() {
    return out_.functions.add(plain_function(FunctionKind::Uninterpreted, "NoOp", 0));
  }

  // A run's barrier name and first execution.
  struct Run {
    std::string barrier;
    std::uint32_t execution;
  };

  const ValueStore& values_;
  std::vector<Run> runs_;
  Program out_;
  std::map<std::string, Declared> resources_;  // variables, queues and mutexes share names
  std::map<std::string, std::int32_t> sections_;
  std::vector<std::string> files_;
  std::vector<std::size_t> run_begin_;  // first node of each run, then the end of the last
};

std::string suffix(std::uint32_t run, std::uint32_t runs, std::size_t execution,
                   std::size_t executions) {
  if (runs >= 2 && executions >= 2) return fmt::format("@{}.{}", run, execution);
  if (runs >= 2) return fmt::format("@{}", run);
  if (executions >= 2) return fmt::format("@{}", execution);
  return "";
}

// How many executions a program holds (one unless it was composed).
std::uint32_t executions(const Program& p) {
  std::uint32_t most = 0;
  for (const Node& n : p.nodes) most = std::max(most, n.execution);
  return most + 1;
}

}  // namespace

Program compose(std::span<const Program> programs, std::uint32_t runs, const ValueStore& values) {
  TFMC_CHECK(!programs.empty() && runs >= 1, "compose needs a program and a run");
  Composer composer(values);
  std::vector<Mapping> mappings;
  for (const Program& p : programs) mappings.push_back(composer.share(p));
  for (std::uint32_t run = 1; run <= runs; ++run) {
    composer.start_run(fmt::format("~run{}", run),
                       static_cast<std::uint32_t>((run - 1) * programs.size()));
    for (std::size_t k = 0; k < programs.size(); ++k) {
      const auto execution = static_cast<std::uint32_t>((run - 1) * programs.size() + k);
      composer.add_execution(programs[k], mappings[k], suffix(run, runs, k + 1, programs.size()),
                             execution);
    }
  }
  return composer.finish();
}

Program run_after(std::span<const Program> setup, const Program& program,
                  const ValueStore& values) {
  Composer composer(values);
  std::vector<Mapping> mappings;
  for (const Program& p : setup) mappings.push_back(composer.share(p));
  const Mapping main = composer.share(program);
  std::uint32_t execution = 0;
  for (std::size_t i = 0; i < setup.size(); ++i) {
    const std::string run = setup.size() == 1 ? "init" : fmt::format("init{}", i + 1);
    const std::string suffix = fmt::format("@{}", run);
    composer.start_run(fmt::format("~{}", run), execution);
    composer.add_execution(setup[i], mappings[i], suffix, execution);
    execution += executions(setup[i]);
  }
  composer.start_run("~run", execution);
  composer.add_execution(program, main, "", execution);
  return composer.finish();
}

}  // namespace tfmc::sem
