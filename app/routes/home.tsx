export default function Home() {
  return <h1>Trendora</h1>;
}
