/*
 * Development stand-in for the consent platform's script. It behaves like the
 * real one as far as the site can tell: it keeps `window.OnetrustActiveGroups`
 * (",C0001," until the visitor agrees), exposes `window.OneTrust` with
 * OnConsentChanged / IsAlertBoxClosed / GetDomainData / ToggleInfoDisplay, calls
 * `window.OptanonWrapper()` and fires `OneTrustGroupsUpdated` on load and on
 * every choice. The choice is kept in localStorage for the next page load.
 * Its prompt links the site's cookie policy, as the real platform's does: there the link is a
 * setting of the platform's banner (its domain data's `AboutText` and `AboutLink`), not the site's.
 */
(function () {
  var KEY = 'consent-stub:groups';
  var ALL = ['C0001', 'C0002', 'C0003', 'C0004'];
  var callbacks = [];
  var POLICY = { text: 'Cookie policy', href: '/legal/cookies' };
  var stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch (e) {
    stored = null;
  }

  function publish(groups) {
    window.OnetrustActiveGroups = ',' + groups.join(',') + ',';
    if (typeof window.OptanonWrapper === 'function') window.OptanonWrapper();
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
  }
  function choose(groups) {
    try {
      localStorage.setItem(KEY, groups.join(','));
    } catch (e) {
      /* private mode */
    }
    stored = groups.join(',');
    hideBanner();
    publish(groups);
    callbacks.forEach(function (cb) {
      cb({ detail: groups.slice() });
    });
  }
  function button(label, onClick, primary) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    if (primary) b.className = 'primary';
    b.addEventListener('click', onClick);
    return b;
  }
  var banner = null;
  function hideBanner() {
    if (banner) {
      banner.remove();
      banner = null;
    }
  }
  function showBanner() {
    if (banner) return;
    banner = document.createElement('div');
    banner.id = 'consent-banner';
    banner.setAttribute('role', 'region');
    banner.setAttribute('aria-label', 'Cookie consent');
    banner.style.cssText =
      'position:fixed;left:0;right:0;bottom:0;z-index:1000;background:#fff;border-top:2px solid #0b5cad;padding:1rem;display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:center;box-shadow:0 -2px 8px rgba(0,0,0,.15)';
    var text = document.createElement('p');
    text.style.margin = '0';
    text.textContent = 'We use cookies for analytics and to personalise what you see. Do you agree? ';
    var policy = document.createElement('a');
    policy.href = POLICY.href;
    policy.textContent = POLICY.text;
    text.appendChild(policy);
    banner.appendChild(text);
    banner.appendChild(
      button(
        'Accept all cookies',
        function () {
          choose(ALL);
        },
        true,
      ),
    );
    banner.appendChild(
      button('Reject optional cookies', function () {
        choose(['C0001']);
      }),
    );
    document.body.appendChild(banner);
  }

  window.OneTrust = {
    OnConsentChanged: function (cb) {
      callbacks.push(cb);
    },
    IsAlertBoxClosed: function () {
      return stored !== null;
    },
    GetDomainData: function () {
      return {
        ShowAlertNotice: true,
        AboutText: POLICY.text,
        AboutLink: POLICY.href,
        ConsentModel: { Name: 'opt-in' },
        Groups: ALL.map(function (id) {
          return { CustomGroupId: id };
        }),
      };
    },
    ToggleInfoDisplay: showBanner,
  };

  function start() {
    publish(stored ? stored.split(',') : ['C0001']);
    if (stored === null) showBanner();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
