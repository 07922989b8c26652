import type { ThemeMode, ThemeVariables } from '../options/types.ts'
import { createStore, type Store } from './store.ts'

export interface ThemeState {
  mode: ThemeMode
  variables: ThemeVariables
}

export function createThemeStore(mode: ThemeMode, variables: ThemeVariables): Store<ThemeState> {
  return createStore<ThemeState>({ mode, variables })
}
