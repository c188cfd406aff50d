export default function ProSchedulePage() {
  return null;
}
