#!/usr/bin/env bash
# Fetches the five "unseen documents" PDFs that eval/unseen.json asks about (or, with --set N
# for N = 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, the five that eval/unseenN.json asks about) from Debian 12
# packages (apt-get download + dpkg-deb -x; no network but the Debian mirror is needed) into the
# folder given (default ../unseen-corpus, ../unseenN-corpus). See eval/unseen*-corpus.md.
set -euo pipefail
set_no=1
if [ "${1:-}" = "--set" ]; then set_no="$2"; shift 2; fi
if [ "$set_no" = 1 ]; then out="${1:-../unseen-corpus}"; else out="${1:-../unseen${set_no}-corpus}"; fi
mkdir -p "$out"
out="$(cd "$out" && pwd)" # absolute before we leave for the scratch folder
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
fetch() { # package, path inside the package, target file name
  apt-get download "$1" >/dev/null
  dpkg-deb -x "$(ls "$1"_*.deb | head -1)" "x-$1"
  case "$2" in
    *.gz) gunzip -c "x-$1$2" > "$out/$3" ;;
    *) cp "x-$1$2" "$out/$3" ;;
  esac
}
if [ "$set_no" = 2 ]; then
  fetch srf-doc /usr/share/doc/srf-doc/SRF_v_1_3_2_June_19th_2008-0001.pdf srf-generic-sequence-format-1.3.2.pdf
  fetch debian-edu-doc-legacy-en /usr/share/doc/debian-edu-doc-legacy-en/debian-edu-itil-manual.pdf debian-edu-itil-manual.pdf
  fetch tcl-doc /usr/share/doc/tcl-doc/tcltk-policy.pdf debian-tcltk-policy-0.3.0.pdf
  fetch r-cran-stringdist /usr/lib/R/site-library/stringdist/doc/RJournal_6_111-122-2014.pdf stringdist-approximate-string-matching-rjournal-2014.pdf
  fetch king /usr/share/doc/king/format-kinemage.pdf kinemage-file-format-1.0.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 10 ]; then
  fetch systemtap-doc /usr/share/doc/systemtap-doc/langref.pdf systemtap-language-reference.pdf
  fetch ubuntu-packaging-guide-pdf /usr/share/doc/ubuntu-packaging-guide-pdf/ubuntu-packaging-guide.pdf.gz ubuntu-packaging-guide-1-0-4.pdf
  fetch backup-manager-doc /usr/share/doc/backup-manager-doc/user-guide.pdf.gz backup-manager-user-guide.pdf
  fetch r-cran-pscl /usr/lib/R/site-library/pscl/doc/countreg.pdf pscl-regression-models-count-data.pdf
  fetch grcompiler /usr/share/doc/grcompiler/grcompiler/GTF_6_0.pdf graphite-table-format-6.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 11 ]; then
  fetch secilc-doc /usr/share/doc/secilc/pdf/CIL_Reference_Guide.pdf.gz selinux-cil-reference-guide.pdf
  fetch gnustep-base-doc /usr/share/GNUstep/Documentation/Developer/CodingStandards/gs-standards.pdf gnustep-coding-standards.pdf
  fetch nagios-nrpe-server /usr/share/doc/nagios-nrpe-server/NRPE.pdf.gz nagios-nrpe-documentation.pdf
  fetch r-cran-rprotobuf /usr/lib/R/site-library/RProtoBuf/doc/RProtoBuf-paper.pdf rprotobuf-cross-language-serialization-paper.pdf
  fetch r-cran-zoo /usr/lib/R/site-library/zoo/doc/zoo-faq.pdf zoo-faq.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 18 ]; then
  fetch flex-doc /usr/share/doc/flex-doc/flex.pdf.gz flex-2-6-4-manual.pdf
  fetch libidn2-doc /usr/share/doc/libidn2-doc/libidn2.pdf libidn2-2-3-3-reference-manual.pdf
  fetch r-cran-flexmix /usr/lib/R/site-library/flexmix/doc/mixture-regressions.pdf flexmix-version-2-finite-mixtures-jss.pdf
  fetch infernal-doc /usr/share/doc/infernal/Userguide.pdf infernal-1-1-4-users-guide.pdf
  fetch yosys-doc /usr/share/doc/yosys/presentation.pdf yosys-open-synthesis-suite-presentation.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 17 ]; then
  fetch ragel /usr/share/doc/ragel/ragel-guide.pdf.gz ragel-6-10-user-guide.pdf
  fetch storebackup /usr/share/doc/storebackup/storeBackup.pdf.gz storebackup-3-2-1-manual.pdf
  fetch r-cran-sets /usr/lib/R/site-library/sets/doc/sets.pdf sets-generalized-customizable-sets-jss.pdf
  fetch imx-code-signing-tool /usr/share/doc/imx-code-signing-tool/HAB4_API.pdf.gz nxp-hab4-api-reference-manual.pdf
  fetch mk-configure /usr/share/doc/mk-configure/presentation.pdf.gz mk-configure-presentation-2012.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 16 ]; then
  fetch phyml /usr/share/doc/phyml/phyml_manual.pdf phyml-3-0-manual.pdf
  fetch gputils-doc /usr/share/doc/gputils-doc/gputils.pdf.gz gputils-1-4-0-manual.pdf
  fetch r-cran-lme4 /usr/lib/R/site-library/lme4/doc/lmer.pdf lme4-fitting-linear-mixed-models-jss.pdf
  fetch packaging-tutorial /usr/share/doc/packaging-tutorial/packaging-tutorial.pdf debian-packaging-tutorial-0-29.pdf
  fetch liblcms2-dev '/usr/share/doc/liblcms2-dev/LittleCMS2.14 Plugin API.pdf.gz' littlecms-2-14-plugin-api.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 15 ]; then
  fetch cxxtest /usr/share/doc/cxxtest/guide.pdf.gz cxxtest-4-4-user-guide.pdf
  fetch snap-aligner '/usr/share/doc/snap-aligner/SNAP User Manual.pdf.gz' snap-aligner-2-0-2-user-manual.pdf
  fetch gnustep-make-doc /usr/share/GNUstep/Documentation/User/GNUstep/gnustep-filesystem.pdf gnustep-filesystem-hierarchy.pdf
  fetch r-cran-r.oo /usr/lib/R/site-library/R.oo/doc/Bengtsson.pdf r-oo-object-oriented-programming-dsc-2003.pdf
  fetch libargtable2-docs /usr/share/doc/libargtable2-docs/argtable2-intro.pdf.gz argtable2-introduction.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 14 ]; then
  fetch asn1c-doc /usr/share/doc/asn1c/asn1c-usage.pdf.gz asn1c-0-9-28-usage-manual.pdf
  fetch libtspi-dev /usr/share/doc/libtspi-dev/LTC-TSS_LLD_08_r2.pdf.gz trousers-tss-low-level-design-0-8-r2.pdf
  fetch khronos-api /usr/share/doc/khronos-api/readme.pdf.gz khronos-opengl-api-registry-schema.pdf
  fetch libtlsh-dev /usr/share/doc/libtlsh-dev/TLSH_CTC_final.pdf.gz tlsh-locality-sensitive-hash-ctc-2013.pdf
  fetch sumaclust /usr/share/doc/sumaclust/sumaclust_user_manual.pdf sumaclust-user-manual.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 13 ]; then
  fetch apt-cacher-ng /usr/share/doc/apt-cacher-ng/apt-cacher-ng.pdf apt-cacher-ng-user-manual.pdf
  fetch orpie /usr/share/doc/orpie/manual.pdf.gz orpie-1-6-user-manual.pdf
  fetch openlp /usr/share/doc/openlp/PJLink_Notes.pdf.gz openlp-pjlink-projector-control-notes.pdf
  fetch ebumeter-doc /usr/share/doc/ebumeter-doc/loudness-meter.pdf.gz ebu-r128-loudness-measurement-lac-2011.pdf
  fetch travis /usr/share/doc/travis/travis-quickstart.pdf.gz travis-quick-start-guide.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 12 ]; then
  fetch blktrace /usr/share/doc/blktrace/btreplay.pdf btrecord-btreplay-user-guide.pdf
  fetch glpk-doc /usr/share/doc/glpk-doc/gmpl.pdf gnu-mathprog-language-reference.pdf
  fetch speex-doc /usr/share/doc/speex/manual.pdf.gz speex-codec-manual.pdf
  fetch gutenprint-doc /usr/share/doc/gutenprint-doc/gutenprint-users-manual.pdf gutenprint-users-manual.pdf
  fetch r-cran-vcd /usr/lib/R/site-library/vcd/doc/strucplot.pdf vcd-strucplot-framework-jss.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 9 ]; then
  fetch belenios-tool /usr/share/doc/belenios-tool/specification.pdf.gz belenios-voting-protocol-specification-2-0.pdf
  fetch bzip2-doc /usr/share/doc/bzip2/manual.pdf.gz bzip2-libbzip2-manual-1-0-8.pdf
  fetch zlib1g-dev /usr/share/doc/zlib1g-dev/crc-doc.1.0.pdf.gz crc-everything-we-know-kadatch-jenkins.pdf
  fetch hamradio-maintguide /usr/share/doc/hamradio-maintguide/DebianHamradio.pdf.gz debian-hamradio-maintainers-guide-0-7.pdf
  fetch libijs-doc /usr/share/doc/libijs-doc/ijs_spec.pdf.gz ijs-protocol-specification-0-34.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 8 ]; then
  fetch texlive-latex-base-doc /usr/share/doc/texlive-doc/latex/base/encguide.pdf latex-font-encodings-guide.pdf
  fetch texlive-latex-base-doc /usr/share/doc/texlive-doc/latex/base/lppl.pdf latex-project-public-license-1-3c.pdf
  fetch mpich-doc /usr/share/doc/mpich/user.pdf.gz mpich-users-guide-4-0-2.pdf
  fetch r-cran-sandwich /usr/lib/R/site-library/sandwich/doc/sandwich.pdf sandwich-hc-hac-covariance-estimators.pdf
  fetch krb5-doc /usr/share/doc/krb5-doc/basic.pdf.gz kerberos-concepts.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 7 ]; then
  fetch docbook5-xml /usr/share/doc/docbook5-xml/docs/docbook-5.0-spec-cd-01.pdf.gz docbook-5-0-schema-specification.pdf
  fetch db5.3-doc /usr/share/doc/db5.3-doc/programmer_reference/bdb_usenix.pdf.gz berkeley-db-usenix-1999.pdf
  fetch haskell98-report /usr/share/doc/haskell98-report/ffi.pdf.gz haskell98-ffi-addendum.pdf
  fetch r-cran-forecast /usr/lib/R/site-library/forecast/doc/JSS2008.pdf forecast-automatic-time-series-jss.pdf
  fetch dbconfig-common /usr/share/doc/dbconfig-common/dbconfig-common.pdf.gz dbconfig-common-documentation.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 6 ]; then
  fetch libdwarf-dev /usr/share/doc/libdwarf-dev/mips_extensions.pdf.gz mips-extensions-to-dwarf-v2.pdf
  fetch stow /usr/share/doc/stow/manual.pdf.gz gnu-stow-2.3.1-manual.pdf
  fetch gnu-standards /usr/share/doc/gnu-standards/maintain.pdf.gz information-for-gnu-maintainers.pdf
  fetch r-cran-tsp /usr/lib/R/site-library/TSP/doc/TSP.pdf tsp-traveling-salesperson-infrastructure.pdf
  fetch toulbar2-doc /usr/share/doc/toulbar2-doc/CFNformat.pdf.gz toulbar2-cfn-cost-function-network-format.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 4 ]; then
  fetch xorg-docs /usr/share/doc/xorg-docs/xlfd/xlfd.pdf.gz xlfd-x-logical-font-description.pdf
  fetch userv /usr/share/doc/userv/spec.pdf.gz userv-daemon-client-specification.pdf
  fetch r-cran-dbscan /usr/lib/R/site-library/dbscan/doc/dbscan.pdf dbscan-density-based-clustering.pdf
  fetch libnorm-doc /usr/share/doc/libnorm-doc/NormUserGuide.pdf.gz norm-users-guide.pdf
  fetch teckit /usr/share/doc/teckit/TECkit_Binary_Format.pdf.gz teckit-binary-format.pdf
  ls -l "$out"
  exit 0
fi
if [ "$set_no" = 3 ]; then
  fetch debian-policy /usr/share/doc/debian-policy/fhs/fhs-3.0.pdf.gz filesystem-hierarchy-standard-3.0.pdf
  fetch aprx /usr/share/doc/aprx/aprx-requirement-specification.pdf.gz aprx-software-requirement-specification.pdf
  fetch cli-common /usr/share/doc/cli-common/cli-policy.pdf.gz debian-cli-policy.pdf
  fetch groff /usr/share/doc/groff-base/pdf/pdfmark.pdf.gz groff-pdfmark-pdf-publishing.pdf
  fetch r-cran-fitdistrplus /usr/lib/R/site-library/fitdistrplus/doc/paper2JSS.pdf fitdistrplus-jss-paper.pdf
  ls -l "$out"
  exit 0
fi
fetch libopencsd-doc '/usr/share/doc/libopencsd-dev/specs/ARM Trace and Debug Snapshot file format 0v2.pdf' arm-debug-trace-snapshot-format-0v2.pdf
fetch shared-mime-info /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf shared-mime-info-spec-0.21.pdf
fetch developers-reference /usr/share/developers-reference/developers-reference.pdf debian-developers-reference-12.18.pdf
fetch cvs /usr/share/doc/cvs/cvs-paper.pdf cvs-ii-parallelizing-software-development.pdf
fetch r-cran-jsonlite /usr/lib/R/site-library/jsonlite/doc/json-mapping.pdf jsonlite-json-mapping-1403.2805v1.pdf
ls -l "$out"
