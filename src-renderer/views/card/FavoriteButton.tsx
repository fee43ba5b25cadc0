/**
 * "Add to favorites" on a tender card of an earlier-generation profile (favorites are that generation's way
 * of following tenders, by `etp_id`). Free: adding never touches the balance; a second add changes nothing.
 */
import { useState } from 'react';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useStrings, type Strings } from '../../i18n/i18n';

const strings: Strings<{ add: string; hint: string }> = {
  ru: { add: 'В избранное', hint: 'Бесплатно: избранное не расходует баланс' },
  en: { add: 'Add to favorites', hint: 'Free: favorites do not use the balance' },
};

export function FavoriteButton({ etpId }: { etpId: string | null }) {
  const s = useStrings(strings);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (etpId === null) return null;
  return (
    <span className="card__favorite">
      <button
        type="button"
        title={s.hint}
        data-testid="card-favorite"
        onClick={() => {
          setError(null);
          call('earlier.favoriteAdd', { etpId }).then((answer) => setMessage(answer.message), setError);
        }}
      >
        ☆ {s.add}
      </button>
      {message && (
        <span className="muted" role="status" data-testid="card-favorite-message">
          {' '}
          {message}
        </span>
      )}
      <ErrorNotice error={error} testId="card-favorite-error" />
    </span>
  );
}
