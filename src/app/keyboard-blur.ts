// spec §9 mobile keyboard blur interval (issue 36): on a phone, after a form is submitted, the field
// that has the focus is blurred every 50 ms until the on-screen keyboard is gone, so the answer the
// form brings (a toast, results, an error) is not hidden behind it. A bounded number of tries: a
// keyboard that will not go does not keep us blurring. Desktops keep the focus where it is (a
// keyboard user goes on from it).

/** spec §9. */
export const BLUR_INTERVAL_MS = 50;
/** 40 × 50 ms: two seconds is longer than any keyboard takes to close. */
export const BLUR_TRIES = 40;
/** A visual viewport this much shorter than the layout viewport has a keyboard over it. */
const KEYBOARD_PX = 100;

/** What the blur reads of the browser; tests give their own. */
export interface KeyboardEnvironment {
  document: Document;
  /** Whether the main pointer is a finger: a phone or a tablet, with an on-screen keyboard. */
  isTouch(): boolean;
  visualViewport: { height: number; scale: number } | null;
  innerHeight(): number;
}

const browser = (): KeyboardEnvironment => ({
  document,
  isTouch: () => window.matchMedia?.('(pointer: coarse)').matches ?? false,
  visualViewport: window.visualViewport,
  innerHeight: () => window.innerHeight,
});

const TEXT_INPUTS = new Set(['text', 'email', 'search', 'tel', 'url', 'password', 'number']);

/** A control the on-screen keyboard opens for. */
function typesText(element: Element | null): element is HTMLElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && TEXT_INPUTS.has(element.type);
}

/** The keyboard is up: the visible part of the page is shorter than the page's viewport by its height. */
export function keyboardUp(env: KeyboardEnvironment): boolean {
  const visual = env.visualViewport;
  return visual !== null && env.innerHeight() - visual.height * visual.scale > KEYBOARD_PX;
}

/**
 * After `form` was submitted: blurs its focused field every 50 ms until the keyboard is down or the
 * tries run out. A field the form marked invalid keeps the focus (the user must correct it), and a
 * field elsewhere (the next screen's first box) is not the form's to blur. Returns a stop function.
 */
export function blurUntilKeyboardGone(form: Element, env: KeyboardEnvironment = browser()): () => void {
  let tries = 0;
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    tries++;
    const focused = env.document.activeElement;
    if (typesText(focused)) {
      if (!form.contains(focused) || focused.getAttribute('aria-invalid') === 'true') return stop();
      focused.blur();
    }
    if (!keyboardUp(env) || tries >= BLUR_TRIES) stop();
  }, BLUR_INTERVAL_MS);
  return stop;
}

/** Watches every form of the app: on a touch device, a submit from a text field starts the blur. Returns the unwatch. */
export function blurKeyboardOnSubmit(env: KeyboardEnvironment = browser()): () => void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof Element) || !env.isTouch()) return;
    if (!typesText(env.document.activeElement) && !keyboardUp(env)) return;
    blurUntilKeyboardGone(form, env);
  };
  // Capture: the app's own handlers stop nothing we need, and forms mounted later are covered.
  env.document.addEventListener('submit', onSubmit, true);
  return () => env.document.removeEventListener('submit', onSubmit, true);
}
