// The ALTCHA widget as a JSX element (src/views/payment-plan/HumanCheck.tsx).
import 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        language?: string;
      };
    }
  }
}
