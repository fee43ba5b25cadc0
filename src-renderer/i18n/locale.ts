/**
 * The interface's current language, held here at the bottom of the renderer so that every layer reads it
 * (useStrings, useLocale) without importing the shared state above. The frame sets it from the core's answer
 * (app.info), the settings after app.setLocale.
 */
import { create } from 'zustand';
import type { Locale } from '../../src-main/contract/ipc';

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

export const useLocaleStore = create<LocaleState>((set) => ({
  locale: 'ru',
  setLocale: (locale) => set({ locale }),
}));
