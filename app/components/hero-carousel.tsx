import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "./links";
import { CAROUSEL_INTERVAL_MS, type CarouselWords, type HeroSlide } from "#app/domain/hero";
import { INFO_IMAGE_SLOTS } from "#app/domain/home-images";
import { HERO_BOX, HERO_SIZES, HeroFrame, HeroImage, HeroPlaceholder } from "./hero-image";
import { ResponsiveImage } from "./responsive-image";
import { useHydrated } from "./use-hydrated";
import type { LanguageAttributes } from "#app/domain/languages";

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The server cannot know the visitor's setting; the first client render corrects it. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  );
}

/**
 * The home page's hero carousel, built on the WAI-ARIA carousel pattern: a labelled region of
 * labelled slides, a Pause/Play button first in tab order, previous/next buttons and a button per
 * slide, and arrow keys while focus is inside. It advances every CAROUSEL_INTERVAL_MS and wraps around; it stops for good
 * once the visitor uses a control, never starts by itself for visitors who prefer reduced motion, and
 * holds still while the pointer or keyboard focus rests on a slide. Without JavaScript the first slide
 * shows on its own, with no controls that could not work, and only its picture is fetched.
 */
export function HeroCarousel({ slides, words }: { slides: readonly HeroSlide[]; words: CarouselWords }) {
  const [current, setCurrent] = useState(0);
  // What the visitor chose with a control; until then, reduced-motion decides.
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const slidesId = useId();
  const slidesRef = useRef<HTMLDivElement>(null);
  // Set when the slide changes under keyboard focus, so focus can follow to the new slide.
  const focusSlide = useRef<number | null>(null);

  const playing = choice ? choice === "play" : !reducedMotion;
  const count = slides.length;
  // A single slide has nothing to turn to: no rotation, and no controls for one.
  const rotating = count > 1 && playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    // One timeout per slide shown rather than an interval, so every slide gets its full time.
    const timer = setTimeout(() => setCurrent((index) => (index + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, count]);

  useEffect(() => {
    if (focusSlide.current !== current) return;
    focusSlide.current = null;
    // The slide that held focus is now hidden; its successor's link is the natural place to land.
    slidesRef.current?.children[current]?.querySelector<HTMLElement>("a")?.focus();
  }, [current]);

  const show = (index: number) => {
    setChoice("pause");
    setCurrent(((index % count) + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const next = (current + (event.key === "ArrowRight" ? 1 : -1) + count) % count;
    if (slidesRef.current?.contains(document.activeElement)) focusSlide.current = next;
    show(next);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys only add a shortcut to the buttons inside, which stay the way to operate it.
    <section aria-roledescription="carousel" aria-label={words.label} className="text-white" onKeyDown={onKeyDown}>
      <HeroFrame>
        {hydrated && count > 1 ? (
          // Rotation control first, as the WAI-ARIA pattern has it; the focus order follows the visual order.
          <div className="absolute right-3 bottom-3 z-10 flex items-center gap-2 md:right-6 md:bottom-6">
            <ControlButton
              label={playing ? words.pause : words.play}
              onClick={() => setChoice(playing ? "pause" : "play")}
              controls={slidesId}
            >
              {playing ? <path d="M8 5h3v14H8zM13 5h3v14h-3z" /> : <path d="M8 5v14l11-7z" />}
            </ControlButton>
            <ControlButton label={words.previous} onClick={() => show(current - 1)} controls={slidesId}>
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </ControlButton>
            <div className="flex items-center rounded-full bg-ink/60 px-1 ring-1 ring-white/20">
              {slides.map((slide, index) => (
                <button
                  key={slide.key}
                  type="button"
                  aria-controls={slidesId}
                  aria-label={words.showSlide[index]}
                  aria-current={index === current ? "true" : undefined}
                  onClick={() => show(index)}
                  className="group flex h-8 w-6 items-center justify-center rounded focus-visible:outline-white"
                >
                  <span
                    aria-hidden="true"
                    className={`h-2.5 w-2.5 rounded-full transition-colors ${
                      index === current ? "bg-white" : "bg-white/45 group-hover:bg-white/75"
                    }`}
                  />
                </button>
              ))}
            </div>
            <ControlButton label={words.next} onClick={() => show(current + 1)} controls={slidesId}>
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </ControlButton>
          </div>
        ) : null}
        <div
          ref={slidesRef}
          id={slidesId}
          // Announcing every automatic change would talk over whatever the visitor is reading.
          aria-live={rotating ? "off" : "polite"}
          className="grid"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          {slides.map((slide, index) => (
            <SlideView
              key={slide.key}
              slide={slide}
              index={index}
              name={words.slide[index] ?? ""}
              content={words.content}
              active={index === current}
              // The other slides' pictures would share a slow line with the page's scripts, though nobody sees
              // them before the carousel turns, and without scripts it never does.
              withPicture={index === 0 || hydrated}
            />
          ))}
        </div>
      </HeroFrame>
    </section>
  );
}

const SLIDE_BUTTON =
  "inline-flex rounded-md bg-white px-4 py-2 text-sm font-semibold text-ink shadow hover:bg-brand-50 focus-visible:outline-white";

function SlideView({
  slide,
  index,
  name,
  content,
  active,
  withPicture,
}: {
  slide: HeroSlide;
  index: number;
  /** Its place among the slides, in the page's language ("2 of 3"). */
  name: string;
  content: LanguageAttributes | undefined;
  active: boolean;
  withPicture: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={name}
      // The slide coming in is visible (and can take focus) at once while it fades in; the one going
      // out stays visible until it has faded out.
      className={`relative col-start-1 row-start-1 flex flex-col duration-700 ease-in-out motion-reduce:transition-none ${
        active ? "visible opacity-100 transition-opacity" : "invisible opacity-0 transition-[opacity,visibility]"
      }`}
    >
      {/* Only the first slide is in view when the page opens: it is the largest paint, the rest can wait. */}
      {!withPicture ? null : "builtin" in slide.picture ? (
        <HeroImage name={slide.picture.builtin} priority={index === 0} language={content} />
      ) : (
        <ResponsiveImage
          image={slide.picture.stored}
          alt={slide.picture.stored.alt}
          crop={INFO_IMAGE_SLOTS.slide.crop}
          sizes={HERO_SIZES}
          priority={index === 0}
          className={`block h-auto object-cover ${HERO_BOX}`}
          {...content}
        />
      )}
      {withPicture ? null : (
        // The text sits where it will once the picture comes.
        <HeroPlaceholder />
      )}
      <div className="flex flex-1 items-center bg-ink px-5 pt-5 pb-16 md:absolute md:inset-y-0 md:left-0 md:w-3/5 md:bg-transparent md:bg-linear-to-r md:from-ink/90 md:via-ink/70 md:to-transparent md:px-10 md:py-8 lg:px-16">
        <div className="max-w-xl space-y-3" {...content}>
          {slide.eyebrow ? (
            <p className="text-xs font-semibold tracking-widest text-sky-300 uppercase">{slide.eyebrow}</p>
          ) : null}
          <h2 className="text-2xl font-bold tracking-tight text-balance md:text-3xl lg:text-5xl">{slide.heading}</h2>
          <p className="text-sm text-slate-200 md:hidden lg:block lg:text-lg">{slide.text}</p>
          {"builtin" in slide.picture ? (
            <Link to={slide.link.to} className={SLIDE_BUTTON}>
              {slide.link.label}
            </Link>
          ) : (
            // The owner's link may be a file, a feed or another site: a plain link, not the router's.
            <a href={slide.link.to} className={SLIDE_BUTTON}>
              {slide.link.label}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}

function ControlButton({
  label,
  onClick,
  controls,
  children,
}: {
  label: string;
  onClick: () => void;
  controls: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
      className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-ink/70 text-white ring-1 ring-white/30 backdrop-blur transition-colors hover:bg-ink/90 focus-visible:outline-white"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
        {children}
      </svg>
    </button>
  );
}
