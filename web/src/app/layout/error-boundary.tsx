import { Component, type ErrorInfo, type ReactNode } from "react";

interface State {
  error: Error | null;
}

/** A screen that throws (or a chunk that fails to load) shows this instead of a blank page. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">Algo salió mal</h1>
        <p className="mt-2 text-stone-600">No se pudo mostrar esta pantalla. Recarga la página para intentarlo de nuevo.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-xl bg-court-700 px-5 py-2.5 font-semibold text-white hover:bg-court-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400 focus-visible:ring-offset-2"
        >
          Recargar
        </button>
      </div>
    );
  }
}
