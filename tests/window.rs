//! The real-window check: start the built binary under Xvfb, wait for its
//! window, take a screenshot of the screen, and fail if no window appears
//! or the picture is blank; then end it as a logout does (SIGTERM) and
//! fail unless it closed as its close button would, keeping the game and
//! the settings. Needs xvfb-run, xdotool and ImageMagick
//! (`scripts/test` installs them on Debian).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SCRIPT: &str = r#"
set -u
"$APP" &
app=$!
deadline=$((SECONDS + 60))
found=""
while [ $SECONDS -lt $deadline ]; do
  if ! kill -0 "$app" 2>/dev/null; then echo "app exited early"; exit 3; fi
  found=$(xdotool search --onlyvisible --name "Maasai mancala" 2>/dev/null | head -n1)
  [ -n "$found" ] && break
  sleep 0.5
done
if [ -z "$found" ]; then echo "no window within 60 s"; kill "$app"; exit 4; fi
# Give the renderer a few frames to draw the board.
sleep 4
import -window root "$SHOT"
echo "window $found"
# A logout's SIGTERM closes the window as its close button does: the
# game goes to the autosave and eframe keeps the settings (the process
# used to die at once, keeping neither).
kill -TERM "$app"
wait "$app"
echo "exit $?"
for kept in autosave.ron app.ron; do
  [ -n "$(find "$HOME" -name "$kept")" ] && echo "kept $kept"
done
"#;

#[test]
fn the_window_opens_and_draws_something() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("screen.png");
    let started = Instant::now();
    // xvfb-run -a picks a free display number, but another X server starting
    // at the same moment can take it first: try again a few times then.
    let mut attempt = 0;
    let out = loop {
        attempt += 1;
        let out = Command::new("xvfb-run")
            .args(["-a", "-s", "-screen 0 1600x1000x24", "bash", "-c", SCRIPT])
            .env("APP", env!("CARGO_BIN_EXE_maasai-mancala"))
            .env("SHOT", &shot)
            // Keep the test's own settings out of the user's storage.
            .env("XDG_DATA_HOME", dir.path())
            .env("HOME", dir.path())
            .stdin(Stdio::null())
            .output()
            .expect("xvfb-run must be installed (see scripts/test)");
        // (Or the server it started was not there for the app: on a busy
        // machine the app once found no X server at the display it was
        // given, an error of the set-up, not of the window.)
        let stderr = String::from_utf8_lossy(&out.stderr);
        let x_failed = stderr.contains("Xvfb failed to start")
            || stderr.contains("Failed to open connection to X server");
        if !x_failed || attempt == 3 {
            break out;
        }
        std::thread::sleep(Duration::from_secs(1));
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "window check failed after {:?}: {stdout}\n{stderr}",
        started.elapsed()
    );
    assert!(stdout.contains("window "), "{stdout}");
    for said in ["exit 0", "kept autosave.ron", "kept app.ron"] {
        assert!(stdout.contains(said), "{said}: {stdout}\n{stderr}");
    }

    // The picture must not be blank: measure the spread of its pixel values.
    let stats = Command::new("convert")
        .arg(&shot)
        .args([
            "-colorspace",
            "Gray",
            "-format",
            "%[fx:standard_deviation] %k",
            "info:",
        ])
        .output()
        .expect("ImageMagick's convert");
    let text = String::from_utf8_lossy(&stats.stdout);
    let mut parts = text.split_whitespace();
    let deviation: f64 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0.0);
    let colours: u64 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    assert!(
        deviation > 0.05 && colours > 50,
        "the screenshot looks blank: deviation {deviation}, {colours} colours"
    );
}
