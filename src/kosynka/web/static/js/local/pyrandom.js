// @ts-check
// Python's random.Random in the browser, as far as the deal numberings use it: CPython's
// Mersenne Twister (MT19937, Modules/_randommodule.c) seeded as random.seed(int) seeds it
// (init_by_array over the 32-bit words of the number's absolute value, least significant
// first; one word 0 for 0), its 32-bit outputs and random() (a float of 53 random bits). Seeds
// are BigInts: PySolFC's game numbers go up to 10**20 - 1.

const N = 624;
const M = 397;

/** random.Random(seed): the generator of one seed. */
export class PyRandom {
  /** The generator random.Random(seed) is (random.seed(int): init_by_array over the seed's
   * 32-bit words). @param {bigint} seed */
  constructor(seed) {
    /** @type {Uint32Array} */
    this.mt = new Uint32Array(N);
    this.index = N;
    let n = seed < 0n ? -seed : seed;
    /** @type {number[]} */
    const key = [];
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    if (!key.length) key.push(0);
    this.initByArray(key);
  }

  /** init_genrand: the state from one 32-bit number. @param {number} s */
  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(prev, 1812433253) + i) >>> 0;
    }
    this.index = N;
  }

  /** init_by_array: the state from a key of 32-bit words. @param {number[]} key */
  initByArray(key) {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** genrand_uint32 (getrandbits(32)): the next 32-bit number. @returns {number} */
  next32() {
    const mt = this.mt;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7fffffff);
        mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
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

  /** random.random(): a float in [0, 1) of 53 random bits. @returns {number} */
  random() {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}
