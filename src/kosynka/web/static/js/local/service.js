// @ts-check
// The game service in the browser: records in, views out, for one game, as the server's
// (kosynka/web/service.py) answers them, so that a tap never waits for the network. No rules
// here and no game named: the game's twin (js/games/<name>/twin.js, see twin.js) plays the
// moves; this module replays records (keeping the positions it made, so the next move of a
// record replays one move), scores them and words the answers. The differential tests hold the
// answers to the server's, field by field.

import { reason as namedReason } from "./texts.js";

/** @typedef {import("./twin.js").GameTwin} GameTwin */
/** @typedef {import("./texts.js").GameTexts} GameTexts */
/** @typedef {import("./texts.js").Reason} Reason */
/** @typedef {import("./twin.js").Tally} Tally */
/** @typedef {import("./ledger.js").Play} Play */
/** @typedef {{game?: string, rules: any, deal: {number: number|string, numbering: string, source?: string}, moves: string[]}} GameRecord */
/** @typedef {{scoring?: string|null, seconds?: number|null, undos?: number, hints?: number, carry?: number|null}} ScoreRequest */
/** @typedef {{table: any, tallies: Map<string, Tally>}} Table */

/** A record that cannot be replayed: `where` points at the bad part (as the server's 409 says). */
export class RecordError extends Error {
  /** @param {string} where @param {string} message */
  constructor(where, message) {
    super(`${where}: ${message}`);
    this.where = where;
    this.detail = message;
  }
}

const CACHE = 96; // recent positions kept, and as many checkpoints
const CHECKPOINT = 32;

/** Two 32-bit FNV-1a hashes of each prefix of `moves` (index i: the first i moves), as one
 * string each: the cache's key of a position reached by those moves.
 * @param {string[]} moves */
function prefixDigests(moves) {
  const out = new Array(moves.length + 1);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  out[0] = "0";
  for (let i = 0; i < moves.length; i++) {
    const text = moves[i];
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      a = Math.imul(a ^ c, 0x01000193) >>> 0;
      b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    }
    a = Math.imul(a ^ 10, 0x01000193) >>> 0; // the newline between moves
    b = Math.imul(b ^ 10, 0x5bd1e995) >>> 0;
    out[i + 1] = `${i + 1}:${a.toString(36)}:${b.toString(36)}`;
  }
  return out;
}

export class LocalService {
  /** @param {GameTwin} twin @param {GameTexts|null} [texts] the game's words (its refusals by name) */
  constructor(twin, texts = null) {
    this.twin = twin;
    this.texts = texts;
    /** @type {Map<string, Table>} recent positions, the least recently kept dropped first */
    this.recent = new Map();
    /** @type {Map<string, Table>} every CHECKPOINT-th position of the lines played */
    this.checkpoints = new Map();
  }

  /** The cache key's part that names the deal and its rules. @param {GameRecord} record */
  static base(record) {
    return JSON.stringify([record.rules, String(record.deal.number), record.deal.numbering]);
  }

  /** @param {Table} t @returns {Table} */
  copyTable(t) {
    const tallies = new Map();
    for (const [name, tally] of t.tallies) tallies.set(name, tally.copy());
    return { table: this.twin.copy(t.table), tallies };
  }

  /** Keep a copy of `t`, the position after `n` moves under `key`: every CHECKPOINT-th
   * position apart from the recent ones, so that undoing far back replays few moves.
   * @param {string} key @param {number} n @param {Table} t */
  remember(key, n, t) {
    const map = n % CHECKPOINT === 0 ? this.checkpoints : this.recent;
    map.delete(key);
    map.set(key, this.copyTable(t));
    while (map.size > CACHE) {
      const oldest = map.keys().next().value;
      if (oldest === undefined) break;
      map.delete(oldest);
    }
  }

  /** @param {string} key */
  cached(key) {
    return this.recent.get(key) || this.checkpoints.get(key);
  }

  /** A fresh table for the record's deal; RecordError when it cannot be dealt.
   * @param {GameRecord} record @returns {Table} */
  dealt(record) {
    let table;
    try {
      table = this.twin.deal(record.rules, record.deal.number, record.deal.numbering);
    } catch (err) {
      throw new RecordError("record.deal", err instanceof Error ? err.message : String(err));
    }
    /** @type {Map<string, Tally>} */
    const tallies = new Map();
    for (const name of this.twin.scoring.names) {
      const tally = this.twin.scoring.tally(table, name);
      if (tally) tallies.set(name, tally);
    }
    return { table, tallies };
  }

  /** Make move `index` of a record on `t`, keeping its scores.
   * @param {Table} t @param {any} move @param {number} index */
  push(t, move, index) {
    const notes = [];
    for (const tally of t.tallies.values()) notes.push(tally.before(t.table, move));
    this.twin.push(t.table, move);
    let k = 0;
    for (const tally of t.tallies.values()) tally.after(t.table, move, notes[k++], index);
  }

  /** Read and play move `i` of a record, naming it when it cannot be read or played.
   * @param {Table} t @param {string} text @param {number} i */
  pushText(t, text, i) {
    let move;
    try {
      move = this.twin.parseMove(t.table, text);
    } catch (err) {
      throw new RecordError(`record.moves[${i}]`, err instanceof Error ? err.message : String(err));
    }
    const reason = this.twin.explain(t.table, move);
    if (reason) {
      throw new RecordError(`record.moves[${i}]`, `${this.twin.moveText(move)} cannot be played there: ${reason.code}: ${reason.en}`);
    }
    this.push(t, move, i);
  }

  /** The replayed record (a table of its own: the caller may play on it); RecordError when a
   * move cannot be read or played.
   * @param {GameRecord} record @returns {Table} */
  table(record) {
    const moves = record.moves;
    const base = LocalService.base(record);
    const digests = prefixDigests(moves);
    const n = moves.length;
    const tries = [n, n - 1];
    for (let c = Math.floor((n - 1) / CHECKPOINT) * CHECKPOINT; c > 0; c -= CHECKPOINT) tries.push(c);
    let from = 0;
    /** @type {Table|undefined} */
    let found;
    for (const k of tries) {
      found = k >= 0 ? this.cached(`${base}#${digests[k]}`) : undefined;
      if (found) {
        from = k;
        break;
      }
    }
    const t = found ? this.copyTable(found) : this.dealt(record);
    // A short replay (from a recent position or the last checkpoint: an undo far back) keeps
    // every position it passes, so the undos that follow find theirs; a long one only the
    // checkpoints.
    const short = n - from <= CHECKPOINT;
    for (let i = from; i < n; i++) {
      this.pushText(t, moves[i], i);
      if (i + 1 < n && (short || (i + 1) % CHECKPOINT === 0)) this.remember(`${base}#${digests[i + 1]}`, i + 1, t);
    }
    this.remember(`${base}#${digests[n]}`, n, t);
    return t;
  }

  /** The score of `t` (`moves` made) as `req` asks (the server's score_view).
   * @param {Table} t @param {number} moves @param {ScoreRequest} req */
  scoreView(t, moves, req) {
    if (!t.tallies.size) return null;
    const names = [...t.tallies.keys()];
    const name = req.scoring && t.tallies.has(req.scoring) ? req.scoring : names[0];
    const cumulative = this.twin.scoring.cumulative.includes(name);
    /** @type {Play} */
    const play = { seconds: req.seconds ?? null, undos: req.undos || 0, hints: req.hints || 0, carry: cumulative ? (req.carry ?? null) : null };
    const won = this.twin.isWon(t.table);
    const tally = /** @type {Tally} */ (t.tallies.get(name));
    const ledger = tally.finish(t.table, moves, play);
    return {
      scoring: name,
      scorings: names,
      cumulative,
      score: ledger.score,
      game_points: ledger.score - (play.carry || 0),
      won,
      assisted: play.hints > 0,
      steps: won ? ledger.steps : null,
    };
  }

  /** What the player sees of `t` (reached by `moves` moves): the server's view, but `collect`
   * says only what the rules alone can show (a line the game finishes by without search);
   * `collectAsk` is true where the server's solver may still find one.
   * @param {Table} t @param {number} moves @param {ScoreRequest|null|undefined} score */
  view(t, moves, score) {
    const twin = this.twin;
    const parts = twin.viewParts(t.table, moves);
    const outcome = twin.outcome(t.table);
    const possible = outcome === null && twin.collectPossible(t.table);
    const plain = possible ? twin.plainCollect(t.table) !== null : false;
    return {
      ...parts,
      waste: parts.waste || [],
      cells: parts.cells || [],
      stock: parts.stock || [],
      places: parts.places || [],
      legal: twin.legal(t.table),
      can_undo: moves > 0,
      outcome,
      collect: plain,
      score: score == null ? null : this.scoreView(t, moves, score),
      collectAsk: possible && !plain,
    };
  }

  /** The record's view (the server's /view).
   * @param {GameRecord} record @param {ScoreRequest|null} [score] */
  recordView(record, score) {
    return this.view(this.table(record), record.moves.length, score);
  }

  /** The server's /collect where the rules alone show the rest finishes (the game's plain
   * collect); null where only the solver can tell.
   * @param {GameRecord} record */
  plainCollect(record) {
    const t = this.table(record);
    const twin = this.twin;
    if (!twin.collectPossible(t.table)) return { available: false, moves: [] };
    const line = twin.plainCollect(t.table);
    return line ? { available: true, moves: line.map((m) => twin.moveText(m)) } : null;
  }

  /** Why each of the moves `texts` would be refused in the record's position, none of them
   * made: the rule's reason (as the server's /move refuses it), or null for a legal move.
   * @param {GameRecord} record @param {string[]} texts @returns {(Reason|null)[]} */
  explain(record, texts) {
    const t = this.table(record);
    return texts.map((text) => {
      let move;
      try {
        move = this.twin.parseMove(t.table, text);
      } catch (err) {
        throw new RecordError("move", err instanceof Error ? err.message : String(err));
      }
      const r = this.twin.explain(t.table, move);
      return r ? { code: r.code, en: r.en, ru: r.ru } : null;
    });
  }

  /** The refusal called `name` in the game's reasons module (a refusal the page tells without
   * a move to explain: see the game module's moveTo). @param {string} name @returns {Reason} */
  reason(name) {
    if (!this.texts) throw new Error("the game's texts are not loaded");
    const r = namedReason(this.texts, name);
    return { code: r.code, en: r.en, ru: r.ru };
  }

  /** Try a move (the server's /move): accepted with the moves to append (the move, then the
   * safe moves when `auto`), or refused with the rule's reason.
   * @param {GameRecord} record @param {string} text @param {boolean} auto @param {ScoreRequest|null} [score] */
  move(record, text, auto, score) {
    const t = this.table(record);
    const twin = this.twin;
    let move;
    try {
      move = twin.parseMove(t.table, text);
    } catch (err) {
      throw new RecordError("move", err instanceof Error ? err.message : String(err));
    }
    const moves = record.moves.slice();
    const reason = twin.explain(t.table, move);
    if (reason) {
      return { accepted: false, applied: [], reason: { code: reason.code, en: reason.en, ru: reason.ru }, view: this.view(t, moves.length, score) };
    }
    const applied = [move];
    this.push(t, move, moves.length);
    if (auto) {
      while (!twin.isWon(t.table)) {
        const safe = twin.safeMoves(t.table);
        if (!safe.length) break;
        this.push(t, safe[0], moves.length + applied.length);
        applied.push(safe[0]);
      }
    }
    const texts = applied.map((m) => twin.moveText(m));
    moves.push(...texts);
    this.remember(`${LocalService.base(record)}#${prefixDigests(moves)[moves.length]}`, moves.length, t);
    return { accepted: true, applied: texts, reason: null, view: this.view(t, moves.length, score) };
  }
}

