// kosynka's Klondike core, the exact search (see klondike_search.hpp).
#include "klondike_search.hpp"

#include <algorithm>

namespace kosynka::klondike {

// ------------------------------------------------------------------------------ the search
namespace {

// Transposition table: 96 bits of each 128-bit key, the card-move cost at which it was reached
// and the talon positions already covered (see search), open addressing, 24 bytes a slot. It
// grows to at most kMaxSlots slots (768 MiB); a search that would need more stops with the
// "states" limit.
constexpr size_t kMaxSlots = size_t(1) << 25;

class Table {
 public:
  struct Slot {
    uint64_t a;
    uint32_t b;
    int32_t cost;
    uint64_t positions;
  };
  size_t size() const { return table_.size(); }
  // The slot of `key`, inserting it with cost INT32_MAX and no positions when new; nullptr when
  // the table is full.
  Slot* find_or_insert(const Key& key, bool& inserted) {
    // 0 marks an empty slot.
    return table_.find_or_insert(Slot{key.a | 1, uint32_t(key.b), INT32_MAX, 0}, inserted);
  }

 private:
  struct Traits {
    using Slot = Table::Slot;
    static bool empty(const Slot& s) { return s.a == 0; }
    static bool same(const Slot& s, const Slot& p) { return s.a == p.a && s.b == p.b; }
    static uint64_t hash(const Slot& s) { return s.a; }
  };
  common::HashTable<Traits> table_{common::TableShape{1 << 10, 1, 2, kMaxSlots * sizeof(Slot)}};
};

struct Frame {
  size_t moves_begin, moves_end, next;
  Undo undo;
  size_t autos_begin;  // this frame's autoplays in the autos stack: [autos_begin, next frame's)
  int cost;
  bool has_undo;
};

struct LimitHit {
  const char* which;
};

}  // namespace

SearchResult solve(const Position& pos, const Limits& limits, bool shortest) {
  common::Budget budget(limits);
  SearchResult res;
  State st(pos);
  std::vector<Undo> autos;
  st.autoplay(autos, nullptr);
  autos.clear();
  // With Draw 3 and unlimited passes, a position reached at talon position p is dominated by
  // the same position reached before at a talon position from which drawing reaches p: the
  // table keeps, per position without its talon position, every talon position so covered.
  const bool cover = !shortest && pos.rules.passes == 0 && pos.rules.draw > 1;
  Table seen;
  bool inserted;
  {
    Table::Slot* root = seen.find_or_insert(st.key(cover), inserted);
    root->cost = 0;
    root->positions = st.reach_mask();
  }
  std::vector<Macro> path, best;
  bool have_best = false;
  int best_cost = 1 << 30;
  uint64_t extra_until = 0;  // with `shortest`, after the first win: the states it may reach

  if (st.is_won() || st.trivially_won()) {
    have_best = true;
  } else {
    std::vector<Macro> moves;
    std::vector<Frame> stack;
    moves.reserve(1 << 12);
    st.moves(moves, Last{});
    stack.push_back(Frame{0, moves.size(), 0, Undo{}, 0, 0, false});
    try {
      while (!stack.empty()) {
        Frame& f = stack.back();
        if (f.next >= f.moves_end) {
          if (f.has_undo) {
            for (size_t a = autos.size(); a > f.autos_begin; --a) st.undo(autos[a - 1]);
            autos.resize(f.autos_begin);
            st.undo(f.undo);
            path.pop_back();
          }
          moves.resize(f.moves_begin);
          stack.pop_back();
          continue;
        }
        const Macro m = moves[f.next++];
        const int parent_cost = f.cost;
        const Undo u = st.apply(m, nullptr);
        const size_t autos_begin = autos.size();
        st.autoplay(autos, nullptr);
        const int cost = parent_cost + 1 + int(autos.size() - autos_begin);
        const uint64_t states = ++budget.states;
        if (budget.out_of_states()) throw LimitHit{"states"};
        if ((states & 4095) == 0 && budget.out_of_time()) throw LimitHit{"time"};
        if (extra_until && states >= extra_until) throw LimitHit{"budget"};
        Table::Slot* slot = seen.find_or_insert(st.key(cover), inserted);
        if (!slot) throw LimitHit{"states"};
        bool prune;
        if (cover) {
          prune = !inserted && (slot->positions >> st.p & 1);
          if (!prune) slot->positions |= st.reach_mask();
        } else {
          prune = !inserted && (!have_best || !shortest || slot->cost <= cost);
        }
        if (!prune && have_best && cost + 52 - st.home() >= best_cost) prune = true;
        auto take_back = [&]() {
          for (size_t a = autos.size(); a > autos_begin; --a) st.undo(autos[a - 1]);
          autos.resize(autos_begin);
          st.undo(u);
        };
        if (prune) {
          take_back();
          continue;
        }
        slot->cost = cost;
        if (st.is_won() || st.trivially_won()) {
          const int total = cost + 52 - st.home();
          if (total < best_cost) {
            best = path;
            best.push_back(m);
            best_cost = total;
            have_best = true;
          }
          take_back();
          if (!shortest) break;
          if (!extra_until) extra_until = states + std::max<uint64_t>(50000, 4 * states);
          continue;
        }
        path.push_back(m);
        const size_t mb = moves.size();
        Last last;
        if (m.kind != kColumn && m.dest != kFound)
          last = Last{m.kind, m.dest, u.card, 0};
        else if (m.kind == kColumn && m.dest != kFound && m.detail == 0)
          last = Last{kEmptied, m.dest, m.src, u.card};
        st.moves(moves, last);
        stack.push_back(Frame{mb, moves.size(), mb, u, autos_begin, cost, true});
      }
    } catch (const LimitHit& hit) {
      if (!have_best) {
        res.status = Status::kLimit;
        res.limit = hit.which;
      }
    }
  }
  res.states = budget.states;
  res.unique_states = seen.size();
  if (have_best) {
    res.status = Status::kSolved;
    State replay(pos);
    std::vector<Undo> scratch;
    replay.autoplay(scratch, &res.line);
    for (const Macro& m : best) {
      replay.apply(m, &res.line);
      replay.autoplay(scratch, &res.line);
    }
    replay.finish(&res.line);
  }
  return res;
}

}  // namespace kosynka::klondike
