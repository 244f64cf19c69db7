// A JSON number read a byte at a time, across chunks (src/import/json-scanner.ts): its grammar
// checked, and its value kept only when the reader wants it (a follow time), without a string for
// the usual plain integer.

// Where a number stands in JSON's grammar.
const SIGN = 0;
const ZERO = 1;
const INT = 2;
const DOT = 3;
const FRAC = 4;
const EXP_MARK = 5;
const EXP_SIGN = 6;
const EXP = 7;
/** The byte ends the number (it belongs to what follows), or breaks the grammar. */
const ENDS = -1;
const BAD = -2;

const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;
const decoder = new TextDecoder();

export class JsonNumber {
  wanted = false;
  private state = SIGN;
  /** The value while it is a plain integer; its characters for anything else. */
  private integer = 0;
  private plain = true;
  private readonly text = new Uint8Array(64);
  private length = 0;

  /** A number starts with `byte` (a digit or '-'). */
  begin(byte: number, wanted: boolean): void {
    this.state = byte === 0x2d ? SIGN : byte === 0x30 ? ZERO : INT;
    this.wanted = wanted;
    this.plain = byte !== 0x2d;
    this.integer = byte - 0x30;
    this.text[0] = byte;
    this.length = 1;
  }

  /** The next byte: true if it is part of the number, false if the number ended before it, null if bad. */
  step(byte: number): boolean | null {
    const next = this.next(byte);
    if (next === BAD) return null;
    if (next === ENDS) return false;
    this.state = next;
    if (this.wanted) {
      if (next === INT && isDigit(byte)) this.integer = this.integer * 10 + (byte - 0x30);
      else this.plain = false;
      if (this.length < this.text.length) this.text[this.length++] = byte;
      else this.length = this.text.length + 1;
    }
    return true;
  }

  /** Whether what was read so far is a whole number ("1.", "-" and "1e" are not). */
  complete(): boolean {
    const state = this.state;
    return state === ZERO || state === INT || state === FRAC || state === EXP;
  }

  /** The number's value; NaN when it is too long to be a time a list would hold. */
  value(): number {
    if (this.length > this.text.length) return Number.NaN;
    return this.plain ? this.integer : Number(decoder.decode(this.text.subarray(0, this.length)));
  }

  private next(byte: number): number {
    const digit = isDigit(byte);
    const exponent = byte === 0x65 || byte === 0x45;
    switch (this.state) {
      case SIGN:
        return byte === 0x30 ? ZERO : digit ? INT : BAD;
      case ZERO:
        return byte === 0x2e ? DOT : exponent ? EXP_MARK : ENDS;
      case INT:
        return digit ? INT : byte === 0x2e ? DOT : exponent ? EXP_MARK : ENDS;
      case DOT:
        return digit ? FRAC : BAD;
      case FRAC:
        return digit ? FRAC : exponent ? EXP_MARK : ENDS;
      case EXP_MARK:
        return byte === 0x2b || byte === 0x2d ? EXP_SIGN : digit ? EXP : BAD;
      case EXP_SIGN:
        return digit ? EXP : BAD;
      default:
        return digit ? EXP : ENDS;
    }
  }
}
