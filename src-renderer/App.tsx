import { bridgeKey } from '../src-main/contract/bridge';

/** The version the preload exposed, or null when the page runs without it (a plain browser). */
function readAppVersion(): string | null {
  return window[bridgeKey]?.version ?? null;
}

/** A placeholder screen: the real workbench arrives in later issues. */
export function App() {
  const version = readAppVersion();
  return (
    <main className="placeholder">
      <h1>Tender Workbench — рабочее место аналитика закупок</h1>
      <p>Это заготовка интерфейса: поиск закупок, подписки и выгрузки появятся в следующих версиях.</p>
      {version !== null && <p className="placeholder__version">Версия {version}</p>}
    </main>
  );
}
