# Sourced by the tests that open a page in headless Chromium (timeline_html.sh, simsweep_html.sh):
# sets $browser, or ends the test when there is none (skipped with a note; failed under CI=true).
# chrome OUT ARGS...: Chromium with the test's own profile ($work/profile) and a window of
# $window pixels (default 1000,640); OUT gets its stdout, OUT.log its log (console messages).
browser=
for b in chromium chromium-browser google-chrome; do
  command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
if [ -z "$browser" ]; then
  if [ "${CI:-}" = true ]; then
    echo "FAIL: chromium is not installed (apt-get install chromium; dev.sh installs it)"
    exit 1
  fi
  echo "note: chromium is not installed: test skipped (apt-get install chromium)"
  exit 0
fi

chrome() {
  local out=$1
  shift
  timeout -k 5 60 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/profile" \
    --enable-logging=stderr --v=0 --window-size="${window:-1000,640}" "$@" >"$out" 2>"$out.log"
}
