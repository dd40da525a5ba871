// The extension module kosynka.solver._core: every game's core, bound with nanobind.
#include <nanobind/nanobind.h>

// The games, one line each. A game's <game>_module.cpp defines kosynka::<game>::bind, which adds
// the game's functions (named <game>_...) to the module.
#define KOSYNKA_GAMES(GAME) \
  GAME(klondike)            \
  GAME(freecell)            \
  GAME(spider)              \
  GAME(pyramid)            \
  GAME(tripeaks)

#define KOSYNKA_DECLARE(game) \
  namespace kosynka::game {   \
  void bind(nanobind::module_& m); \
  }
KOSYNKA_GAMES(KOSYNKA_DECLARE)

NB_MODULE(_core, m) {
  m.doc() = "kosynka's search cores (C++20), one set of functions per game: <game>_...";
#define KOSYNKA_BIND(game) kosynka::game::bind(m);
  KOSYNKA_GAMES(KOSYNKA_BIND)
}
