// The shipped lexicons, in one module so hosts load them together (the worker imports it lazily).
import type { Entry, Lexicon } from './lexicon.ts';
import { buildDictionary, type Dictionary } from './lexicon.ts';
import de from './lexicons/de.json' with { type: 'json' };
import emoji from './lexicons/emoji.json' with { type: 'json' };
import en from './lexicons/en.json' with { type: 'json' };
import es from './lexicons/es.json' with { type: 'json' };
import fr from './lexicons/fr.json' with { type: 'json' };
import it from './lexicons/it.json' with { type: 'json' };
import pt from './lexicons/pt.json' with { type: 'json' };

// JSON imports type tuples as arrays; lexicon.test.ts checks every entry's shape instead.
export const lexicons = [en, es, fr, de, it, pt] as unknown as Lexicon[];
export const symbols = emoji as unknown as Record<string, Entry>;

let built: Dictionary | undefined;

/** The dictionary of every shipped lexicon, built once per host. */
export function shippedDictionary(): Dictionary {
  built ??= buildDictionary(lexicons, symbols);
  return built;
}
