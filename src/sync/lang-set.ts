// Which content languages the leading tab keeps current: its own, plus any a follower tab asked
// for in the last few minutes (tabs may show different languages; each reads its own rows).
import { isLang, type Lang } from "../../protocol";

/** A follower's language stays wanted this long after its last request. */
export const WANTED_FOR_MS = 5 * 60_000;

export class LangSet {
  private readonly others = new Map<Lang, number>();

  constructor(
    private current: Lang,
    private readonly now: () => number,
  ) {}

  get primary(): Lang {
    return this.current;
  }

  setPrimary(lang: Lang): void {
    this.current = lang;
    this.others.delete(lang);
  }

  /** A follower shows `lang` (ignored when not a language of the app). */
  want(lang: unknown): void {
    if (isLang(lang) && lang !== this.current) this.others.set(lang, this.now());
  }

  /** The primary language first, then the others still wanted. */
  wanted(): Lang[] {
    const since = this.now() - WANTED_FOR_MS;
    for (const [lang, at] of this.others) if (at < since) this.others.delete(lang);
    return [this.current, ...this.others.keys()];
  }
}
