// "Throttled, retrying in N s" while any request waits out a 429's Retry-After.
import { useEffect, useState } from 'react';
import { useThrottleNotices } from '../../lib/throttle-store.ts';

export function ThrottleNotice() {
  const notices = useThrottleNotices();
  const retryAt = Math.max(0, ...notices.map((notice) => notice.retryAt));
  return (
    <div className="throttle-notice" role="status" aria-live="polite">
      {notices.length > 0 ? <Countdown retryAt={retryAt} /> : null}
    </div>
  );
}

function Countdown({ retryAt }: { retryAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <p className="throttle-notice__box">
      <span className="throttle-notice__icon" aria-hidden="true">
        ⏳
      </span>
      <span>
        Throttled, retrying in {seconds} s
        <span className="throttle-notice__detail">The Content API asked Lectern to slow down.</span>
      </span>
    </p>
  );
}
