/**
 * The global «Открыть» box of the app's frame: a notice number, a contract registry number or a pasted
 * zakupki.gov.ru link opens its card. What cannot be read is named at once, with no request (the domain's
 * parser, the one the core and the CLI use); the core then resolves it (a cached card costs nothing). What the
 * opening cost goes with the route to the card (`opened`): the card view and this box's note both say it.
 */
import { useState } from 'react';
import { call } from '../bridge/client';
import { useAppStore } from '../state/store';
import { parseOpenReference } from '../../src-main/domain/openReference';
import { useStrings, type Strings, useLocale } from '../i18n/i18n';
import { errorMessage } from './ErrorNotice';
import { NOTICE_LIFETIME_MS, useEscapeDismiss, useLifetime } from './useLifetime';

const strings: Strings<{ label: string; placeholder: string; open: string; opening: string; charged: string; close: string }> = {
  ru: {
    label: 'Открыть закупку или контракт: номер извещения, реестровый номер, ссылка на zakupki.gov.ru или ID из карточки',
    // Short enough for the sidebar's box at 1366×768 («№ или ссылка» was cut); the title says the rest.
    placeholder: '№ или ID',
    open: 'Открыть',
    opening: 'Открываем…',
    charged: 'Карточка получена с сервера: списана 1 ед.',
    close: 'Закрыть',
  },
  en: {
    label: 'Open a tender or contract: notice number, registry number, zakupki.gov.ru link or the ID a card shows',
    placeholder: 'No. or ID',
    open: 'Open',
    opening: 'Opening…',
    charged: 'The card was fetched from the server: 1 unit charged.',
    close: 'Close',
  },
};

export function OpenBox() {
  const s = useStrings(strings);
  const locale = useLocale();
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Opening by number fetched the card (it had to, to learn the internal id): said while that card is shown, from
  // the route's one fact, as the card view says it; for a while, or until dismissed (it stayed for good).
  const opened = route.view === 'card' ? route.opened : undefined;
  const [dismissed, setDismissed] = useState<typeof opened>(undefined);
  const charged = opened?.charged === true && dismissed !== opened;

  async function open() {
    const parsed = parseOpenReference(text);
    if (!parsed.ok) {
      setProblem(parsed.message[locale]);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const card = await call('card.open', { reference: text });
      setText('');
      navigate({ view: 'card', kind: card.kind, id: card.id, back: route.view === 'card' ? (route.back ?? { view: 'search' }) : route, opened: { source: card.source, charged: card.charged } });
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="openbox"
      role="search"
      aria-label={s.label}
      data-testid="open-box"
      onSubmit={(e) => {
        e.preventDefault();
        void open();
      }}
    >
      <input
        className="openbox__input"
        aria-label={s.label}
        title={s.label}
        placeholder={s.placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem !== null ? 'open-box-problem' : undefined}
        data-testid="open-box-input"
      />
      <button type="submit" className="openbox__button" disabled={busy || text.trim() === ''} data-testid="open-box-submit">
        {busy ? s.opening : s.open}
      </button>
      {charged && <ChargedNote text={s.charged} closeText={s.close} onDismiss={() => setDismissed(opened)} />}
      {problem !== null && (
        <div id="open-box-problem" className="openbox__problem" role="alert" data-testid="open-box-problem">
          {problem}
        </div>
      )}
    </form>
  );
}

/** The last opening's cost: goes by itself (paused while hovered or focused), or with its × or Escape. */
function ChargedNote({ text, closeText, onDismiss }: { text: string; closeText: string; onDismiss(): void }) {
  const lifetime = useLifetime(NOTICE_LIFETIME_MS.info, onDismiss);
  useEscapeDismiss(true, onDismiss);
  return (
    <div className="openbox__note" role="status" data-testid="open-box-charged-note" {...lifetime}>
      <span data-testid="open-box-charged">{text}</span>
      <button type="button" className="openbox__noteClose" aria-label={closeText} title={closeText} data-testid="open-box-charged-close" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
