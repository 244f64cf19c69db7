// Onboarding (spec §2): three slides; the button reads great, awesome, let start; the last goes on.
// The titles are the spec's; their words say where a real account's figures come from and what only
// the sample network's demo shows (issue 51: "Find out who keeps viewing your profile", which the offer
// then said no legitimate source gives).
import 'keen-slider/keen-slider.min.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useKeenSlider } from 'keen-slider/react';
import { useState } from 'react';
import { useLocation } from 'wouter';

interface Slide {
  title: MessageDescriptor;
  text: MessageDescriptor;
  button: MessageDescriptor;
  icon: string;
}

const slides: Slide[] = [
  {
    title: msg`Who Likes You`,
    text: msg`Which of your posts and reels get the most likes, comments and views: from the network’s official API, for business and creator accounts.`,
    button: msg`Great`,
    icon: 'M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6C19 16.5 12 21 12 21z',
  },
  {
    title: msg`Your Unfollowers`,
    text: msg`Who followed you and who left between two of your data downloads, by name, and who does not follow you back.`,
    button: msg`Awesome`,
    icon: 'M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0zM4 21a8 8 0 0 1 16 0M18 8h5',
  },
  {
    title: msg`See Your Stalkers`,
    text: msg`No legitimate source names who viewed a profile, so a real account is not shown them. The demo shows them on the sample network, with invented data marked as such.`,
    button: msg`Let's start`,
    icon: 'M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12zm11 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  },
];

export default function Onboarding() {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const [current, setCurrent] = useState(0);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });
  const slide = slides[current] ?? slides[0];

  function next() {
    if (current < slides.length - 1) slider.current?.next();
    else navigate('/getmyanalysis');
  }

  return (
    <section className="screen onboarding">
      <h1 className="visually-hidden">{i18n._(msg`How it works`)}</h1>
      <div ref={sliderRef} className="keen-slider onboarding__slider">
        {slides.map((item, index) => (
          <div key={item.icon} className="keen-slider__slide onboarding__slide" aria-hidden={index !== current}>
            <svg className="onboarding__icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d={item.icon} />
            </svg>
            <h2>{i18n._(item.title)}</h2>
            <p>{i18n._(item.text)}</p>
          </div>
        ))}
      </div>
      <div className="onboarding__dots" aria-hidden="true">
        {slides.map((item, index) => (
          <span key={item.icon} className={index === current ? 'dot dot--active' : 'dot'} />
        ))}
      </div>
      <button type="button" className="button button--wide" onClick={next}>
        {slide && i18n._(slide.button)}
      </button>
    </section>
  );
}
