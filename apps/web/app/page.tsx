export default function Home() {
  return <main>rozi</main>;
}
