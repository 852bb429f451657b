// The progress a browser's Web Animations API gives for the easing cubic-bezier(x1, y1, x2, y2) at
// each requested progress p: a paused effect of duration D ms with currentTime = p·D, read back with
// getComputedTiming(). Returns the values as a JSON string. Shared by the Chromium and Firefox
// adapters, which wrap it in their own protocol's call.
(bezier, progress, D) => {
  const [x1, y1, x2, y2] = bezier;
  const effect = new KeyframeEffect(null, [{opacity: 0}, {opacity: 1}],
      {duration: D, easing: `cubic-bezier(${x1}, ${y1}, ${x2}, ${y2})`, fill: "both"});
  const animation = new Animation(effect, document.timeline);
  animation.pause();
  const values = progress.map(p => { animation.currentTime = p * D; return effect.getComputedTiming().progress; });
  animation.cancel();
  return JSON.stringify(values);
}
