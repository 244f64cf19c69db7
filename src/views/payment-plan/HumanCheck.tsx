// The human check (ALTCHA, self-hosted proof of work), loaded only when the server asks for it.
// The external build keeps styles and workers in files, as our CSP requires.
import 'altcha/altcha.css';
import 'altcha/external';
import { useLingui } from '@lingui/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';
import { validateCaptcha } from '../../api/billing.ts';
import { API_BASE } from '../../api/client.ts';
import { showToast } from '../../app/toast.tsx';

$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** Shows the widget; `onPass` gets the one-time pass the payment must carry. */
export default function HumanCheck({ onPass }: { onPass: (pass: string) => void }) {
  const widget = useRef<HTMLElement & { reset?: () => void }>(null);
  const { i18n } = useLingui();

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
  }, [onPass]);

  return (
    <div className="human-check">
      <altcha-widget ref={widget} challenge={`${API_BASE}captcha/challenge/`} language={i18n.locale.split('-')[0]} />
    </div>
  );
}
