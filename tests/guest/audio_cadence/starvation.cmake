# The audio_cadence test's hook: when returns came more than 1 ms off their period and the
# emulator measured at least as many returns that the host delayed (a late wake-up, or the
# thread waiting on the run queue) or that the guest called late (its loop does nothing
# between calls, so only a host that did not run it makes it late; the emulator's exit log
# line), the host was starved, not the cadence wrong: the run is reported as a skip with
# the figures. Otherwise the stdout comparison decides.
if(GT_PHASE STREQUAL "check")
  file(READ ${GT_OUT_DIR}/stdout.txt cadence_out)
  if(cadence_out MATCHES "cadence: ([0-9]+) of ([0-9]+) returns more than 1 ms off"
     AND failures STREQUAL "stdout differs from ${GT_EXPECT_STDOUT}")
    set(cadence_off ${CMAKE_MATCH_1})
    set(cadence_calls ${CMAKE_MATCH_2})
    if(log MATCHES "; ([0-9]+) the host delayed more than 0.5 ms \\(worst ([0-9]+) us\\), ([0-9]+) called more than 0.5 ms after their buffer's start: ([0-9]+) explained")
      set(cadence_host ${CMAKE_MATCH_1})
      set(cadence_worst ${CMAKE_MATCH_2})
      set(cadence_called ${CMAKE_MATCH_3})
      set(cadence_explained ${CMAKE_MATCH_4})
      if(cadence_explained GREATER_EQUAL cadence_off)
        message("SKIP (host starvation): ${cadence_off} of ${cadence_calls} returns more than 1 ms "
                "off their period; the host delayed the thread more than 0.5 ms at "
                "${cadence_host} returns (worst ${cadence_worst} us) and the guest loop, which "
                "does nothing between calls, called late ${cadence_called} times: the cadence "
                "is not measurable on this host now")
        set(failures)
      endif()
    endif()
  endif()
endif()
