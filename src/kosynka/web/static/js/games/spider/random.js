// @ts-check
// The two random generators Spider's numberings shuffle with: the Microsoft FreeCell linear
// congruential generator (KPat's, and PySolFC's below game 32000) and Python's random.Random
// (the Mersenne Twister, seeded from a whole number as random.seed(int) seeds it), which
// PySolFC uses from game 32000 on; game numbers reach 10**20 - 1, so seeds are BigInts.

/** The next state of the Microsoft LCG (32 bits) and its 15-bit output.
 * @param {number} state @returns {[number, number]} */
export function msNext(state) {
  const next = (Math.imul(state, 214013) + 2531011) >>> 0;
  return [next, (next >>> 16) & 0x7fff];
}

/** Python's random.Random: the Mersenne Twister, seeded as random.seed(int) seeds it
 * (init_by_array over the absolute value's 32-bit words, least significant first), with
 * random() (53-bit floats). */
export class PyRandom {
  /** @param {bigint} seed */
  constructor(seed) {
    /** @type {Uint32Array} */
    this.mt = new Uint32Array(624);
    this.index = 624;
    let n = seed < 0n ? -seed : seed;
    const key = [];
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    if (!key.length) key.push(0);
    this.initByArray(key);
  }

  /** init_genrand of the reference code. @param {number} s */
  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(prev, 1812433253) + i) >>> 0;
    }
    this.index = 624;
  }

  /** init_by_array of the reference code. @param {number[]} key */
  initByArray(key) {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32-bit output. @returns {number} */
  next32() {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** random.random(): a float in [0, 1) of 53 random bits. */
  random() {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}
