"""The clock estimator and the fair sequencer (docs/fairness.md), with property tests."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.timing import (
    CAP_MS,
    ClockEstimate,
    ClockEstimator,
    ClockSample,
    FairPress,
    fair_time,
    photo_finish,
    settle_at,
    settle_order,
    uncertainty,
)
from companion.timing.clock import MAX_AGE_MS, OFFSET_AGE_MS, WINDOW, agreed_offsets
from companion.timing.probes import (
    DENSE_SECONDS,
    PROBE_BURST,
    SETTLED_SAMPLES,
    SPARSE_SECONDS,
    probe_interval,
)
from tests.budget import examples


def probe(est: ClockEstimator, rng: random.Random, now: float, offset: float, up: float,
          down: float, jitter: float) -> float:  # fmt: skip
    """One clock round trip on a simulated link; returns the server time after it."""
    sent = now
    client = sent + down + rng.uniform(0, jitter) - offset  # client clock = server - offset
    received = client + offset + up + rng.uniform(0, jitter)
    est.add(ClockSample(sent, client, received))
    return received


def test_offset_comes_from_the_lowest_round_trips() -> None:
    est = ClockEstimator()
    rng = random.Random(1)
    now = 0.0
    for _ in range(20):
        now = probe(est, rng, now + 500, offset=123_456.0, up=40, down=40, jitter=60)
    estimate = est.estimate(now)
    assert estimate is not None
    assert abs(estimate.offset - 123_456.0) < 15
    assert estimate.rtt_min < estimate.rtt_max


@settings(max_examples=examples(200))
@given(
    offset=st.floats(min_value=-1e6, max_value=1e6),
    up=st.floats(min_value=0, max_value=250),
    down=st.floats(min_value=0, max_value=250),
    jitter=st.floats(min_value=0, max_value=100),
    count=st.integers(1, 64),
    seed=st.integers(0, 10_000),
)
def test_the_true_offset_is_always_among_the_agreed_ones(
    offset: float, up: float, down: float, jitter: float, count: int, seed: int
) -> None:
    """Delays only ever add up: however the trips split, no sample rules out the true offset,
    and the estimate is off by at most half the best round trip."""
    rng = random.Random(seed)
    est, now, samples = ClockEstimator(), 0.0, []
    for _ in range(count):
        sent = now + 250
        client = sent + down + rng.uniform(0, jitter) - offset
        now = client + offset + up + rng.uniform(0, jitter)
        samples.append(ClockSample(sent, client, now))
        est.add(samples[-1])
    low, high, contradiction = agreed_offsets(samples)
    assert low - 1e-6 <= offset <= high + 1e-6 and contradiction <= 1e-6  # float rounding
    estimate = est.estimate(now)
    assert estimate is not None
    assert abs(estimate.offset - offset) <= min(high - low, estimate.rtt_min) / 2 + 1e-6


def test_on_a_jittery_link_the_offset_is_found_within_a_fraction_of_a_millisecond() -> None:
    """±15 ms of jitter each way (the fairness bench's links): 30 s of dense probes find a
    link's offset, less half its asymmetry, within 0.5 ms as a rule and 1.5 ms at worst,
    although the midpoints of the fastest round trips disagree by ms."""
    rng = random.Random(7)
    errors, spreads = [], []
    for _ in range(40):
        base, skew, offset = rng.uniform(20, 250), rng.uniform(-3, 3), rng.uniform(-1e6, 1e6)
        up, down = base + skew / 2, base - skew / 2
        est, now = ClockEstimator(), 0.0
        for _ in range(120):  # 30 s of probes, 0.25 s apart: the window keeps the last 64
            now = probe(est, rng, now + 250, offset, up - 15, down - 15, 30)
        estimate = est.estimate(now)
        assert estimate is not None
        errors.append(abs(estimate.offset - offset - (up - down) / 2))
        spreads.append(estimate.spread)
    errors.sort()
    # the median of the best five midpoints (the estimator before): 1.3 ms, at worst 4.8 ms
    assert errors[len(errors) // 2] < 0.5 and errors[-1] < 1.5, errors
    assert sorted(spreads)[len(spreads) // 2] > 2.0  # the midpoints of the best 5 disagree


def test_a_clock_that_moved_is_followed_at_once() -> None:
    """The newest samples agree on a new offset: the older ones, contradicting them, are left
    out, and the contradiction shows (the probes turn dense again)."""
    est = ClockEstimator()
    now = steady_link(est, 20)  # offsets 490 to 510
    est.add(ClockSample(sent=now + 230, client=now + 240 - 540, received=now + 250))
    estimate = est.estimate(now + 250)
    assert estimate is not None and estimate.offset == 540 and estimate.surprise == 20


def test_a_drifting_clock_is_followed_within_its_drift() -> None:
    """A phone's clock 100 ppm fast (far more than a crystal drifts): the estimate keeps to
    the newest offset within the drift over the window."""
    rng = random.Random(3)
    est, now = ClockEstimator(), 0.0
    for _ in range(400):  # 100 s of probes
        now += 250
        offset = 1000.0 - now * 1e-4  # the phone's clock gains 0.1 ms a second
        sent = now - 40 - rng.uniform(0, 20)
        client = sent + 20 + rng.uniform(0, 10) - offset
        est.add(ClockSample(sent, client, client + offset + 20 + rng.uniform(0, 10)))
    estimate = est.estimate(now)
    assert estimate is not None and abs(estimate.offset - (1000.0 - now * 1e-4)) < 2.0


def test_stale_samples_expire_and_reset_forgets() -> None:
    est = ClockEstimator()
    est.add(ClockSample(0.0, 10.0, 20.0))
    assert est.estimate(20.0) is not None
    assert est.estimate(20.0 + MAX_AGE_MS + 1) is None
    est.add(ClockSample(0.0, 10.0, 20.0))
    est.reset()
    assert est.estimate(20.0) is None


def test_no_samples_means_arrival_time() -> None:
    assert fair_time(t=5.0, arrival=900.0, estimate=None, opened_at=0.0) == 900.0


@settings(max_examples=examples(300))
@given(
    gap=st.floats(min_value=10, max_value=200),
    lat_a=st.floats(min_value=5, max_value=250),
    lat_b=st.floats(min_value=5, max_value=250),
    off_a=st.floats(min_value=-1e6, max_value=1e6),
    off_b=st.floats(min_value=-1e6, max_value=1e6),
    seed=st.integers(0, 10_000),
)
def test_symmetric_links_with_small_jitter_order_presses_right(
    gap: float, lat_a: float, lat_b: float, off_a: float, off_b: float, seed: int
) -> None:
    """With symmetric delays and jitter below the gap, the earlier press wins."""
    rng = random.Random(seed)
    jitter = min(gap / 4, 3.0)
    estimates = []
    for offset, lat in ((off_a, lat_a), (off_b, lat_b)):
        est = ClockEstimator()
        now = 0.0
        for _ in range(8):
            now = probe(est, rng, now + 100, offset, lat, lat, jitter)
        estimates.append(est.estimate(now))
    opened = 10_000.0
    true_a, true_b = opened + 300, opened + 300 + gap  # a presses first
    presses = []
    for key, (true, offset, lat, est) in enumerate(
        [(true_b, off_b, lat_b, estimates[1]), (true_a, off_a, lat_a, estimates[0])]
    ):
        arrival = true + lat + rng.uniform(0, jitter)
        fair = fair_time(true - offset, arrival, est, opened)
        presses.append(FairPress(key, key, true - offset, None, None, arrival, fair))
    winner = settle_order(presses)[0]
    assert winner.t == true_a - off_a


@given(
    forged=st.floats(min_value=-1e9, max_value=1e9),
    arrival=st.floats(min_value=1000, max_value=1e7),
    rtt_min=st.floats(min_value=1, max_value=500),
    extra=st.floats(min_value=0, max_value=2000),
)
def test_a_forged_t_never_gains_more_than_the_cap(
    forged: float, arrival: float, rtt_min: float, extra: float
) -> None:
    from companion.timing import ClockEstimate

    est = ClockEstimate(offset=0.0, rtt_min=rtt_min, rtt_max=rtt_min + extra, samples=8)
    fair = fair_time(forged, arrival, est, opened_at=None)
    assert arrival - CAP_MS <= fair <= arrival


@given(
    claimed=st.floats(min_value=-1e6, max_value=1e6),
    rtt_min=st.floats(min_value=1, max_value=400),
)
def test_a_press_claimed_before_the_race_opened_is_clamped(claimed: float, rtt_min: float) -> None:
    from companion.timing import ClockEstimate

    est = ClockEstimate(offset=0.0, rtt_min=rtt_min, rtt_max=rtt_min, samples=8)
    opened, arrival = 5_000.0, 5_000.0 + 600
    fair = fair_time(claimed, arrival, est, opened_at=opened)
    assert fair >= opened + rtt_min / 2


def test_the_earlier_fair_time_goes_first_however_close_and_equal_ones_by_arrival() -> None:
    late_arrival_but_earlier = FairPress(1, 1, 0, None, None, 200.0, 100.0)
    first_arrival = FairPress(0, 0, 0, None, None, 150.0, 100.2)
    assert [p.seat for p in settle_order([first_arrival, late_arrival_but_earlier])] == [1, 0]
    same_time = FairPress(0, 0, 0, None, None, 150.0, 100.0)
    assert [p.seat for p in settle_order([late_arrival_but_earlier, same_time])] == [0, 1]


def test_the_settle_window_is_capped() -> None:
    assert settle_at(1000.0, 30.0) == 1030.0
    assert settle_at(1000.0, 10_000.0) == 1000.0 + CAP_MS


def steady_link(est: ClockEstimator, count: int, now: float = 0.0) -> float:
    """``count`` round trips of 20 ms, 250 ms apart from ``now``, that all agree on an offset
    of 500 ms; returns the time of the last."""
    every = 250.0
    for _ in range(count):
        now += every
        est.add(ClockSample(sent=now - 20, client=now - 10 - 500, received=now))
    return now


def test_probes_are_dense_until_the_estimate_is_stable_then_sparse() -> None:
    est = ClockEstimator()
    now = steady_link(est, PROBE_BURST)
    assert probe_interval(est.estimate(now), playing=True, race_soon=False) == DENSE_SECONDS
    now = steady_link(est, SETTLED_SAMPLES - PROBE_BURST, now)
    assert probe_interval(est.estimate(now), playing=True, race_soon=False) == SPARSE_SECONDS


def test_probes_are_dense_again_when_the_best_samples_disagree() -> None:
    est = ClockEstimator()
    now = steady_link(est, 20)
    # the phone's clock jumped: new fast samples say another offset
    for _ in range(3):
        now += 250
        est.add(ClockSample(sent=now - 20, client=now - 10 - 540, received=now))
    assert probe_interval(est.estimate(now), playing=True, race_soon=False) == DENSE_SECONDS


def test_probes_are_dense_before_a_race_can_open() -> None:
    est = ClockEstimator()
    now = steady_link(est, 20)
    assert probe_interval(est.estimate(now), playing=True, race_soon=True) == DENSE_SECONDS


def test_the_cached_estimate_follows_new_samples_and_expiry() -> None:
    est = ClockEstimator()
    now = steady_link(est, 10)
    first = est.estimate(now)
    assert first is not None and est.estimate(now + 1) is first
    est.add(ClockSample(sent=now, client=now - 500 + 5, received=now + 8))  # faster: rtt 8
    second = est.estimate(now + 8)
    assert second is not None and second is not first and second.rtt_min == 8
    assert est.estimate(now + 8 + MAX_AGE_MS + 1) is None


@settings(max_examples=examples(200), deadline=None)
@given(
    steps=st.lists(
        st.tuples(st.floats(0, 60_000), st.floats(-5, 400), st.booleans()), min_size=1, max_size=150
    )
)
def test_the_round_trips_and_the_fresh_samples_follow_the_window_as_it_slides(
    steps: list[tuple[float, float, bool]],
) -> None:
    # the fastest and the fresh samples are kept as samples come and leave (the window's size,
    # their age), not found again by scanning the window
    est, now, window = ClockEstimator(), 0.0, []
    for gap, rtt, look in steps:
        now += gap
        sample = ClockSample(sent=now, client=now - 500, received=now + rtt)
        est.add(sample)
        if sample.rtt >= 0:  # a negative round trip is no sample
            window = [*window, sample][-WINDOW:]
        now += max(rtt, 0)
        if look:
            window = [s for s in window if now - s.received <= MAX_AGE_MS]
            estimate = est.estimate(now)
            if window:
                assert estimate is not None and estimate.rtt_min == min(s.rtt for s in window)
                fresh = [s for s in window if now - s.received <= OFFSET_AGE_MS]
                assert estimate.fresh == len(fresh)
                assert estimate.rtt_max == max(s.rtt for s in fresh or window)
            else:
                assert estimate is None


def test_the_offset_comes_from_fresh_samples_when_there_are_enough() -> None:
    """Over two minutes a phone's clock drifts: the best old samples must not outvote it."""
    est = ClockEstimator()
    for k in range(10):  # very fast samples long ago, offset 500
        est.add(ClockSample(sent=k * 1000.0, client=k * 1000.0 + 1 - 500, received=k * 1000.0 + 2))
    now = 60_000.0
    for _ in range(6):  # slower recent ones, offset 510
        now += 2_000
        est.add(ClockSample(sent=now - 20, client=now - 10 - 510, received=now))
    estimate = est.estimate(now)
    assert estimate is not None and estimate.offset == 510 and estimate.rtt_min == 2


@settings(max_examples=examples(200))
@given(
    gap=st.floats(min_value=0.0, max_value=600.0),
    u_a=st.floats(min_value=0.0, max_value=CAP_MS),
    u_b=st.floats(min_value=0.0, max_value=CAP_MS),
)
def test_a_photo_finish_is_exactly_a_gap_within_the_combined_uncertainty(
    gap: float, u_a: float, u_b: float
) -> None:
    assert photo_finish(gap, u_a, u_b) is (gap < u_a + u_b)
    assert photo_finish(-gap, u_b, u_a) is photo_finish(gap, u_a, u_b)  # either way round


def test_photo_finish_ties_within_the_bound_and_never_beyond_it() -> None:
    assert photo_finish(4.9, 2.5, 2.5)
    assert not photo_finish(5.0, 2.5, 2.5)  # the bound itself is not a tie
    assert not photo_finish(5.1, 2.5, 2.5)
    assert not photo_finish(0.5, 0.0, 0.0)  # exact clocks: any gap decides


def test_the_uncertainty_follows_the_estimate_and_stops_at_the_cap() -> None:
    sharp = ClockEstimate(offset=5.0, rtt_min=4.0, rtt_max=30.0, samples=20, spread=0.5)
    assert uncertainty(sharp) == 2.5  # half the best round trip plus the best samples' spread
    wide = ClockEstimate(offset=5.0, rtt_min=4.0, rtt_max=30.0, samples=20, spread=6.0)
    assert uncertainty(wide) > uncertainty(sharp)
    assert uncertainty(ClockEstimate(0.0, 2000.0, 2000.0, samples=3)) == CAP_MS
    assert uncertainty(None) == CAP_MS  # timed by arrival: up to the cap late
