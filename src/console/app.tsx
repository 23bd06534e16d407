// Placeholder console shell; replaced by the real console in a later issue.
export function App() {
  return (
    <>
      <header className="app-header">
        <h1>Lectern</h1>
      </header>
      <main className="app-main">
        <p>The Lectern admin console is under construction.</p>
      </main>
    </>
  );
}
