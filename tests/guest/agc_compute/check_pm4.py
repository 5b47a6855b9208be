#!/usr/bin/env python3
"""guest.agc_compute_pm4_listing: the graphics queue's two submissions dumped by --dump-pm4,
decoded with prospero-pm4, must name the packets the guest built: the compute registers it
set, the dispatch of 2x1x1 groups with the wave32 initiator and the RELEASE_MEM (the GFX10
packet, its fields named). Usage: check_pm4.py PROSPERO_PM4 DUMP_DIR"""
import glob
import subprocess
import sys

tool, folder = sys.argv[1], sys.argv[2]
dumps = sorted(glob.glob(folder + "/pm4-q00-*.pm4"))
if len(dumps) != 2:
    sys.exit("expected two graphics queue submissions in %s, found %d" % (folder, len(dumps)))
text = ""
for d in dumps:
    run = subprocess.run([tool, d], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("prospero-pm4 failed on %s (%d): %s" % (d, run.returncode, run.stderr))
    text += run.stdout
want = [
    "SET_SH_REG (2 dwords)",
    "COMPUTE_PGM_LO",
    "COMPUTE_PGM_RSRC2                  = 0x00000084",
    "COMPUTE_NUM_THREAD_X               = 0x00000020",
    "COMPUTE_USER_DATA_1",
    "DISPATCH_DIRECT (4 dwords) DIM_X=0x2 DIM_Y=0x1 DIM_Z=0x1 DISPATCH_INITIATOR=0x8041",
    "c0064900  RELEASE_MEM (7 dwords) CS_DONE EVENT_TYPE=47 EVENT_INDEX=6 GCR_CNTL=0x0 "
    "DST_SEL=0 INT_SEL=2 DATA_SEL=1 ADDR_LO=0x",
    "c0ffee02",
]
missing = [w for w in want if w not in text]
if missing:
    sys.exit("missing from the listing: %s\n%s" % (missing, text))
print("listing ok (%d lines)" % len(text.splitlines()))
