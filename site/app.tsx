// Placeholder pages so the test harness has a built site to drive; the site issue replaces them.
export function App() {
  if (window.location.pathname === '/assistant') {
    const assistantId = new URLSearchParams(window.location.search).get('assistantId');
    if (!assistantId) {
      return <p>Assistant ID is missing from the URL. Please add ?assistantId=...</p>;
    }
    return <voice-assistant assistant-id={assistantId} mode="fullscreen" />;
  }
  return (
    <main>
      <h1>Transform Your Real Estate Brokerage</h1>
    </main>
  );
}
