// The header's mark: public/favicon.svg drawn inline. As an <img> it was a second document the
// browser fetched, decoded and painted in the first frame (~30–45 ms of an offline start's first
// paint at 4× CPU, bench/README.md § offline-start); inline it paints with the header.
// Keep in step with public/favicon.svg.
export function BrandMark() {
  return (
    <svg
      className="q-header__mark"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient
          id="q-header-mark"
          x1="6"
          y1="6"
          x2="25"
          y2="25"
          gradientUnits="userSpaceOnUse"
        >
          <stop offset="0" stopColor="#38bdf8" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill="#0b1020" />
      <g fill="none" stroke="url(#q-header-mark)" strokeLinecap="round">
        <path d="M16.7 22.71A8.5 8.5 0 1 1 22.71 16.7" strokeWidth="3.5" />
        <path d="M18 18L22 22" strokeWidth="3" />
      </g>
      <circle cx="24.6" cy="24.6" r="3.4" fill="#34f5c5" />
    </svg>
  );
}
