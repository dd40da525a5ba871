// @ts-check
// Sounds and the cascade of cards at a win: made in the page (Web Audio synthesis, a canvas),
// no files. Sounds play only when the player has turned them on (Options), never while the page
// is hidden; a system asking for reduced motion gets no cascade and, instead of the longer
// sounds (a deal's patter, the win's chord), one soft tap.

const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// ---------------------------------------------------------------- sound
/** @type {AudioContext|null} */
let audio = null; // one AudioContext, made at the first sound played

/** A short burst of filtered noise (a card's tap on the table) at time `t`.
 * @param {AudioContext} c @param {number} t */
function tap(c, t, pitch = 1800, gain = 0.35, dur = 0.045) {
  const n = Math.ceil(c.sampleRate * dur);
  const buf = c.createBuffer(1, n, c.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / n) ** 3;
  const src = c.createBufferSource();
  const f = c.createBiquadFilter();
  const g = c.createGain();
  src.buffer = buf;
  f.type = "bandpass";
  f.frequency.value = pitch;
  g.gain.value = gain;
  src.connect(f).connect(g).connect(c.destination);
  src.start(t);
}

/** A soft tone of `freq` Hz from time `t`, `dur` seconds, gliding to `freq * slide`.
 * @param {AudioContext} c @param {number} t @param {number} freq @param {number} dur */
function tone(c, t, freq, dur, gain = 0.07, slide = 1) {
  const o = c.createOscillator();
  const g = c.createGain();
  o.type = "triangle";
  o.frequency.setValueAtTime(freq, t);
  if (slide !== 1) o.frequency.exponentialRampToValueAtTime(freq * slide, t + dur);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.012);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  o.connect(g).connect(c.destination);
  o.start(t);
  o.stop(t + dur + 0.05);
}

/** @type {Record<string, (c: AudioContext, t: number) => void>} */
const SOUNDS = {
  place: (c, t) => tap(c, t),
  turn: (c, t) => {
    tap(c, t, 2600, 0.25, 0.035);
    tone(c, t + 0.03, 520, 0.09, 0.035, 1.4);
  },
  deal: (c, t) => [0, 1, 2, 3].forEach((k) => tap(c, t + k * 0.05, 1500 + 150 * k, 0.25)),
  run: (c, t) => [523, 659, 784].forEach((f, k) => tone(c, t + k * 0.08, f, 0.22)),
  win: (c, t) => [523, 659, 784, 1047].forEach((f, k) => tone(c, t + k * 0.13, f, 0.7, 0.06)),
};

/** Play the sound `kind` (place, turn, deal, run, win) when `on`.
 * @param {string} kind @param {boolean} on */
export function sound(kind, on) {
  if (!on || document.hidden || !SOUNDS[kind]) return;
  try {
    const A = window.AudioContext || /** @type {Window & {webkitAudioContext?: typeof AudioContext}} */ (window).webkitAudioContext;
    if (!A) return;
    audio = audio || new A();
    if (audio.state === "suspended") audio.resume();
    const play = still() && (kind === "deal" || kind === "win") ? SOUNDS.place : SOUNDS[kind];
    play(audio, audio.currentTime + 0.01);
  } catch (/** @type {any} */ err) {
    console.warn("kosynka: sound", err && err.message ? err.message : err);
  }
}

// ---------------------------------------------------------------- the cascade
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** @type {Record<string, string>} */
const GLYPH = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

/** Draw a face-up card of `rank` (0-12) and `suit` at (x, y), `w` by `h`.
 * @param {CanvasRenderingContext2D} g @param {number} x @param {number} y @param {number} w
 * @param {number} h @param {number} rank @param {string} suit @param {string} colour */
function card(g, x, y, w, h, rank, suit, colour) {
  g.fillStyle = "#fffdf8";
  g.strokeStyle = "#9aa29c";
  g.beginPath();
  g.roundRect(x, y, w, h, w * 0.08);
  g.fill();
  g.stroke();
  g.fillStyle = colour;
  g.font = `800 ${Math.round(w * 0.34)}px system-ui, sans-serif`;
  g.textBaseline = "top";
  g.fillText(RANKS[rank], x + w * 0.07, y + w * 0.06);
  g.font = `${Math.round(w * 0.6)}px system-ui, sans-serif`;
  g.fillText(GLYPH[suit], x + w * 0.3, y + h * 0.42);
}

/**
 * The win's cascade: the foundations' cards leave one after another, King first, each
 * bouncing along the foot of the screen and leaving its trail, as in the solitaire everyone
 * knows. `homes`: the foundations as [{x, y, suit}] (page coordinates); `w`, `h` the card size;
 * `colours` the suits' colours. Resolves when it ends or is skipped (a tap, a key); none under
 * reduced motion.
 * @param {{x: number, y: number, suit: string}[]} homes @param {number} w @param {number} h
 * @param {Record<string, string>} colours @returns {Promise<void>}
 */
export function cascade(homes, w, h, colours) {
  if (still() || !homes.length) return Promise.resolve();
  const cv = document.createElement("canvas");
  cv.id = "cascade";
  cv.className = "cascade";
  cv.setAttribute("aria-hidden", "true");
  const W = (cv.width = window.innerWidth);
  const H = (cv.height = window.innerHeight);
  document.body.appendChild(cv);
  const g = cv.getContext("2d");
  /** @typedef {{x: number, y: number, suit: string, r: number}} Leaving */
  /** @type {Leaving[]} */
  const queue = [];
  for (let r = 12; r >= 0; r--) for (const f of homes) queue.push({ ...f, r });
  queue.length = Math.min(queue.length, 52);
  return new Promise((/** @type {() => void} */ done) => {
    /** @type {(Leaving & {vx: number, vy: number})[]} */
    const flying = [];
    let frame = 0;
    let tick = 0;
    // The tap or key that skips the cascade does nothing else (not a click on the dialog
    // that opens under it, not Escape closing it, not a key of the game).
    const swallow = (/** @type {Event} */ e) => {
      e.preventDefault();
      e.stopPropagation();
    };
    const end = (/** @type {Event|null} */ e) => {
      cancelAnimationFrame(frame);
      removeEventListener("pointerdown", end, true);
      removeEventListener("keydown", end, true);
      if (e) {
        swallow(e);
        if (e.type === "pointerdown") {
          addEventListener("click", swallow, { capture: true, once: true });
          setTimeout(() => removeEventListener("click", swallow, true), 600);
        }
      }
      cv.remove();
      done();
    };
    addEventListener("pointerdown", end, true);
    addEventListener("keydown", end, true);
    const speed = Math.max(W / 120, 3);
    const step = () => {
      // A card leaves every 4 frames (15 a second), Kings first; 52 cards at most.
      if (tick++ % 4 === 0 && queue.length) {
        const dir = Math.random() < 0.5 ? -1 : 1;
        flying.push({ .../** @type {Leaving} */ (queue.shift()), vx: dir * speed * (0.6 + Math.random()), vy: -Math.random() * 9 });
      }
      if (!flying.length && !queue.length) return end(null);
      for (const f of flying) {
        f.vy += 0.6;
        f.x += f.vx;
        f.y += f.vy;
        if (f.y + h > H) {
          f.y = H - h;
          f.vy = -f.vy * 0.72;
        }
        if (g) card(g, f.x, f.y, w, h, f.r, f.suit, colours[f.suit]);
      }
      for (let k = flying.length - 1; k >= 0; k--) if (flying[k].x + w < 0 || flying[k].x > W) flying.splice(k, 1);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
  });
}
