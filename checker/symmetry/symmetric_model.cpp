#include "checker/symmetry/symmetric_model.h"

#include <numeric>

namespace tfmc::check {

SymmetricModel::SymmetricModel(TransitionSystem& inner, const ReplicaSymmetry& symmetry)
    : inner_(inner), symmetry_(symmetry), all_slots_(inner.slot_count()) {
  std::iota(all_slots_.begin(), all_slots_.end(), 0u);
}

SymmetricModel::SymmetricModel(std::unique_ptr<TransitionSystem> inner,
                               const ReplicaSymmetry& symmetry)
    : owned_inner_(std::move(inner)),
      inner_(*owned_inner_),
      symmetry_(symmetry),
      all_slots_(inner_.slot_count()) {
  std::iota(all_slots_.begin(), all_slots_.end(), 0u);
}

void SymmetricModel::initial_state(Slot* out) const {
  inner_.initial_state(out);
  symmetry_.canonicalize(out, nullptr, scratch_);
}

std::span<const std::uint32_t> SymmetricModel::fire(const Slot* state, TransitionId t, Slot* out) {
  inner_.fire(state, t, out);
  // An interrupted step's successor is dropped unfinished: nothing to canonicalize.
  if (!inner_.interrupted()) symmetry_.canonicalize(out, nullptr, scratch_);
  if (out == state) return all_slots_;
  written_.clear();
  for (const std::uint32_t s : all_slots_) {
    if (out[s] != state[s]) written_.push_back(s);
  }
  return written_;
}

std::vector<TransitionId> SymmetricModel::run_of(std::span<const TransitionId> steps) const {
  // `real` is the state the real steps reach; `image` maps it onto the canonical state the
  // explorer stored, whose frame the next step is named in.
  std::vector<Slot> real(inner_.slot_count());
  std::vector<Slot> canonical(real.size());
  ReplicaSymmetry::Scratch scratch;
  inner_.initial_state(real.data());
  const auto canonical_image = [&] {
    canonical = real;
    ReplicaPermutation image;
    symmetry_.canonicalize(canonical.data(), &image, scratch);
    return image;
  };
  ReplicaPermutation image = canonical_image();
  std::vector<TransitionId> real_steps;
  // Witnesses are made after exploration, when no thread fires the inner model.
  for (TransitionId t : steps) {
    const TransitionId step = symmetry_.permute(t, symmetry_.inverse(image));
    inner_.fire(real.data(), step, real.data());
    real_steps.push_back(step);
    image = canonical_image();
  }
  std::vector<TransitionId> run = inner_.run_of(real_steps);
  for (TransitionId& t : run) t = symmetry_.permute(t, image);
  return run;
}

std::unique_ptr<TransitionSystem> SymmetricModel::fork() const {
  std::unique_ptr<TransitionSystem> inner = inner_.fork();
  if (inner == nullptr) return nullptr;
  return std::unique_ptr<TransitionSystem>(new SymmetricModel(std::move(inner), symmetry_));
}

}  // namespace tfmc::check
