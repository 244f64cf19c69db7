// The human check (ALTCHA, self-hosted proof of work), loaded only when the server asks for it.
// The external build keeps styles and workers in files, as our CSP requires.
import 'altcha/altcha.css';
import 'altcha/external';
import { useLingui } from '@lingui/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef, useState } from 'react';
import { validateCaptcha } from '../../api/billing.ts';
import { API_BASE } from '../../api/client.ts';
import { showToast } from '../../app/toast.tsx';
import { humanCheckLanguage } from './human-check-language.ts';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** Shows the widget; `onPass` gets the one-time pass the payment must carry. */
export default function HumanCheck({ onPass }: { onPass: (pass: string) => void }) {
  const widget = useRef<HTMLElement & { reset?: () => void }>(null);
  const { i18n } = useLingui();
  // The widget is drawn once its strings are there, so it never shows in English first.
  const [language, setLanguage] = useState<string | undefined>();

  useEffect(() => {
    let current = true;
    void humanCheckLanguage(i18n.locale).then(
      (tag) => current && setLanguage(tag),
      () => current && setLanguage('en'),
    );
    return () => {
      current = false;
    };
  }, [i18n.locale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the widget is drawn only once its language is loaded.
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onChange = async (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (state !== 'verified' || !payload) return;
      const result = await validateCaptcha(payload);
      if (result.ok) onPass(result.data);
      else {
        showToast(result.error.message);
        element.reset?.();
      }
    };
    element.addEventListener('statechange', onChange);
    return () => element.removeEventListener('statechange', onChange);
  }, [onPass, language]);

  return (
    <div className="human-check">
      {language && <altcha-widget ref={widget} challenge={`${API_BASE}captcha/challenge/`} language={language} />}
    </div>
  );
}
