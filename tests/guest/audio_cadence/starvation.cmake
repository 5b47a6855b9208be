# The audio_cadence test's judge (hook, check phase). Inputs: the guest's 400 return times
# (stderr, microseconds after the first return, read with sceKernelGetProcessTime), and the
# emulator's records of the paced returns it measured late or host-delayed (log at exit:
# "paced return K of 0xHANDLE: L us after its buffer's start, the host delayed it H us",
# with H the emulator's own measurement of the host's share: the wake-up's lateness after
# the timer expired, and the time the thread did not run without blocking; docs/input-audio.md,
# "Cadence figures").
#
# The grid: a return is due at phase + k periods (16000/3 us). The guest cannot know the
# device's start, so the phase is a free parameter: the median offset (modulo a period) of
# the returns the emulator did not record (on time within 0.5 ms and not host-delayed more
# than 0.5 ms). Placing it from those returns cannot hide a wrong return: any return the
# emulator scheduled wrongly is off that grid in the guest's own clock.
#
# The rule, per call: a return more than 1 ms off the grid is explained only when the
# emulator measured that the host delayed that same call more than 0.5 ms and the return
# was late by no more than that delay + 1 ms (offsets are folded into [-1.33, +4) ms: a
# return that reads as early is taken as late by a period minus that, so an early return
# hides only behind a host delay of that call of more than 3.8 ms). Any return not
# explained fails the test, and so does any return the emulator itself measured more than
# 1 ms later than the host's delay explains. When every off return is explained: a pass
# that lists them, with evidence on both sides: the undisturbed returns (at least a tenth
# of the calls) are all on the grid, and each disturbed one was measured as the host's.
# Only when fewer than a tenth of the returns were undisturbed (the host delayed or made
# late nine calls in ten) is the cadence not shown: a skip with the figures.
if(NOT GT_PHASE STREQUAL "check")
  return()
endif()
set(P3 16000) # a period in thirds of a microsecond

set(cadence_summary_re "audio out: cadence: ([0-9]+) paced returns, ([0-9]+) more than 1 ms after their buffer's start \\(worst ([0-9]+) us\\); ([0-9]+) the host delayed more than 0.5 ms \\(worst ([0-9]+) us\\); ([0-9]+) more than 1 ms later than the host's delay explains")
if(NOT log MATCHES "${cadence_summary_re}")
  list(APPEND failures "the emulator log has no cadence summary")
  return()
endif()
set(cadence_returns ${CMAKE_MATCH_1})
set(cadence_host ${CMAKE_MATCH_4})
set(cadence_worst_host ${CMAKE_MATCH_5})
set(cadence_unexplained ${CMAKE_MATCH_6})
if(cadence_unexplained GREATER 0)
  list(APPEND failures "the emulator measured ${cadence_unexplained} paced returns more than 1 ms "
                       "later than the host's delay explains (its own lateness)")
endif()
if(NOT log MATCHES "audio_cadence: return times:([ 0-9]+)\n")
  list(APPEND failures "the guest printed no return times")
  return()
endif()
string(STRIP "${CMAKE_MATCH_1}" cadence_times)
string(REPLACE " " ";" cadence_times "${cadence_times}")
list(LENGTH cadence_times cadence_calls)

# the emulator's records of this port (0x20000000, the guest's first main port)
string(REGEX MATCHALL "paced return [0-9]+ of 0x20000000: [0-9]+ us after its buffer's start, the host delayed it [0-9]+ us"
       cadence_records "${log}")
foreach(rec IN LISTS cadence_records)
  string(REGEX MATCH "return ([0-9]+) of 0x20000000: ([0-9]+) us after.* delayed it ([0-9]+) us" _ "${rec}")
  set(rec_late_${CMAKE_MATCH_1} ${CMAKE_MATCH_2})
  set(rec_host_${CMAKE_MATCH_1} ${CMAKE_MATCH_3})
endforeach()

# the phase: the median offset of the unrecorded returns, taken around the first of them
set(ref -1)
set(centred)
set(k 0)
foreach(t IN LISTS cadence_times)
  if(NOT DEFINED rec_host_${k})
    math(EXPR t3 "${t} * 3")
    if(ref LESS 0)
      math(EXPR ref "${t3} % ${P3}")
    endif()
    # the offset from REF, in [0, P3) with REF at P3 / 2
    math(EXPR v "((${t3} - ${ref} + ${P3} / 2) % ${P3} + ${P3}) % ${P3}")
    list(APPEND centred "${v}")
  endif()
  math(EXPR k "${k} + 1")
endforeach()
list(LENGTH centred n_clean)
if(n_clean EQUAL 0)
  if(NOT failures)
    message("SKIP (host starvation): the host delayed all ${cadence_returns} paced returns more "
            "than 0.5 ms or made them late (worst ${cadence_worst_host} us): no return to place "
            "the grid by")
  endif()
  return()
endif()
list(SORT centred COMPARE NATURAL) # non-negative integers: numeric order
math(EXPR mid "${n_clean} / 2")
list(GET centred ${mid} median)
math(EXPR phase "${ref} + ${median} - ${P3} / 2")

# every return against the grid
set(cadence_off 0)
set(cadence_explained)
set(cadence_not)
set(k 0)
foreach(t IN LISTS cadence_times)
  math(EXPR d3 "((${t} * 3 - ${phase}) % ${P3} + ${P3}) % ${P3}")
  if(d3 GREATER_EQUAL 12000) # three quarters of a period: reads as early
    math(EXPR d3 "${d3} - ${P3}")
  endif()
  math(EXPR d "${d3} / 3")
  if(d GREATER 1000 OR d LESS -1000)
    math(EXPR cadence_off "${cadence_off} + 1")
    set(late ${d})
    if(d LESS 0)
      math(EXPR late "${d} + 5333")
    endif()
    if(DEFINED rec_host_${k})
      set(h ${rec_host_${k}})
      math(EXPR limit "${h} + 1000")
      if(h GREATER 500 AND NOT late GREATER limit)
        list(APPEND cadence_explained "call ${k} ${d} us (host ${h} us)")
      else()
        list(APPEND cadence_not "call ${k} ${d} us (host ${h} us)")
      endif()
    else()
      list(APPEND cadence_not "call ${k} ${d} us (no host delay measured)")
    endif()
  endif()
  math(EXPR k "${k} + 1")
endforeach()

math(EXPR tenth "${cadence_calls} / 10")
string(REPLACE ";" ", " cadence_explained_text "${cadence_explained}")
if(cadence_not)
  string(REPLACE ";" ", " cadence_not_text "${cadence_not}")
  list(APPEND failures "returns more than 1 ms off start + k periods that the host's delay does "
                       "not explain: ${cadence_not_text}")
elseif(failures)
  # another failure decides
elseif(n_clean LESS tenth)
  message("SKIP (host starvation): only ${n_clean} of ${cadence_calls} returns neither late nor "
          "delayed by the host (fewer than a tenth: too few to show the cadence); the host "
          "delayed ${cadence_host} of ${cadence_returns} paced returns more than 0.5 ms (worst "
          "${cadence_worst_host} us); the ${cadence_off} returns more than 1 ms off were all "
          "explained: ${cadence_explained_text}")
elseif(cadence_off EQUAL 0)
  message("guest.audio_cadence: every return within 1 ms of start + k periods of 5333.3 us "
          "(${cadence_host} of ${cadence_calls} calls delayed by the host more than 0.5 ms)")
else()
  message("guest.audio_cadence: ${n_clean} of ${cadence_calls} returns undisturbed, all within "
          "1 ms of start + k periods; ${cadence_off} more than 1 ms off, each explained by the "
          "host's measured delay of that call (${cadence_host} calls delayed more than 0.5 ms "
          "in all): ${cadence_explained_text}")
endif()
