import { Component, type ReactNode } from 'react';
import i18n from '../lib/i18n.ts';

type State = { error: Error | null };

/**
 * Catches a page that failed to load or render (spec 000 §8 ChunkLoadError) and offers a reload instead
 * of a blank screen. Plain elements: it also wraps the login page.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error(error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    const chunk = this.state.error.name === 'ChunkLoadError';
    return (
      <div role="alert" className="chunk-error">
        <p>{i18n.t(chunk ? 'common:errors.chunk' : 'common:errors.page')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {i18n.t('common:actions.reload')}
        </button>
      </div>
    );
  }
}
