export function App() {
  return (
    <main>
      <h1>Escrow Ledger</h1>
      <p>Project funds held in escrow and released milestone by milestone.</p>
    </main>
  );
}
